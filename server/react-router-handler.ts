import { writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { type concurrencyLimit, gatedHandler } from "./render-gate.ts";
import { bufferedBody, streamedBody } from "./requests.ts";

// React Router behind Express. Like @react-router/express, but the body is the one
// server/requests.ts read and checked (bounded, in a form content type), and the address is
// built from the Host that validRequests() accepted.

export function reactRouterHandler({
  build,
  getLoadContext,
  mode,
  gate,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: express.Request) => RouterContextProvider;
  mode: "production" | "development";
  /** ADR 040: page renders at once. */
  gate?: ReturnType<typeof concurrencyLimit>;
}): express.RequestHandler {
  const handle = gate
    ? gatedHandler(createRequestHandler(build, mode), gate)
    : createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
      }
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const buffered = hasBody ? bufferedBody(req) : undefined;
      // An upload route's body is streamed, read by its action after the session check.
      const streamed = hasBody && !buffered ? streamedBody(req) : undefined;
      const request = new Request(`${req.protocol}://${req.host}${req.originalUrl}`, {
        method: req.method,
        headers,
        body: buffered ? new Uint8Array(buffered) : streamed,
        signal: controller.signal,
        ...(streamed ? { duplex: "half" } : {}),
      } as RequestInit);
      const response = await handle(request, getLoadContext(req));
      if (res.destroyed || res.writableEnded) {
        await response.body?.cancel();
        return;
      }
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers.entries()) res.append(name, value);
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}
