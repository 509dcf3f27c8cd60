import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, test } from "vitest";
import { INSTRUMENTATION, INSTRUMENTATION_STAND_IN } from "./without-instrumentation.ts";

// The stand-in must export what React Router's module exports: after an upgrade that adds one,
// this fails here, with the reason, rather than as a missing export in the browser build.
const exportsOf = (source: string) =>
  [
    ...source.matchAll(/export\s*\{([^}]*)\}/g),
    ...source.matchAll(/export\s+(?:const|function)\s+(\w+)/g),
  ]
    .flatMap((match) => (match[1] ?? "").split(","))
    .map(
      (name) =>
        name
          .trim()
          .split(/\s+as\s+/)
          .at(-1) ?? "",
    )
    .filter(Boolean)
    .sort();

const real = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production/lib/router/instrumentation.js",
);

test("the stand-in replaces React Router's instrumentation module and exports every name it does", () => {
  expect(INSTRUMENTATION.test(real)).toBe(true);
  expect(exportsOf(INSTRUMENTATION_STAND_IN)).toEqual(exportsOf(fs.readFileSync(real, "utf8")));
});

test("the stand-in fails loudly if the router is ever given instrumentations", async () => {
  const url = `data:text/javascript,${encodeURIComponent(INSTRUMENTATION_STAND_IN)}`;
  const standIn = (await import(/* @vite-ignore */ url)) as Record<string, () => unknown>;
  expect(() => standIn.instrumentClientSideRouter?.()).toThrow(/left out of the browser build/);
  expect(standIn.consumeInstrumentationClientResultMetaReceiver?.()).toBeUndefined();
});
