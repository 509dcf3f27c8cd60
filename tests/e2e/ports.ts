import { test } from "@playwright/test";

// Where each Playwright worker's server listens. Worker n (its parallelIndex, 0 to
// E2E_WORKERS - 1) has the app on E2E_PORT + 10n and the test-only probe one above it;
// specs that start a server of their own use the ports between (ownServerPort).

export const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
export const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

export function appPort(parallelIndex: number): number {
  return BASE_PORT + 10 * parallelIndex;
}

const current = () => test.info().parallelIndex;

export const serverUrl = (parallelIndex = current()) =>
  `http://127.0.0.1:${appPort(parallelIndex)}`;
export const probeUrl = (parallelIndex = current()) =>
  `http://127.0.0.1:${appPort(parallelIndex) + 1}`;
/** A port for a server a spec starts itself (k from 0 to 7). */
export const ownServerPort = (k = 0, parallelIndex = current()) => appPort(parallelIndex) + 2 + k;
