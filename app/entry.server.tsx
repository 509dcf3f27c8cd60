import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { analyticsMeasurementId } from "./config/analytics.server.ts";
import { contentSecurityPolicy, inlineScriptHashes } from "./config/csp.server.ts";

export const streamTimeout = 5_000;

// A page that does not exist, or a visitor who went away, is not a server error.
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 404) return;
  console.error(error);
};

// Every document is rendered whole before it is sent (ADR 007): no route streams deferred
// data, so nothing is lost, and the whole HTML is what the Content-Security-Policy needs to
// list its inline scripts by hash and what the public page cache keeps.
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const { html, failed } = await renderDocument({ request, routerContext });
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy({
      scriptHashes: inlineScriptHashes(html),
      development: import.meta.env.DEV,
      analytics: analyticsMeasurementId() !== "",
    }),
  );
  return new Response(html, {
    headers: responseHeaders,
    status: failed ? 500 : responseStatusCode,
  });
}

function renderDocument({
  request,
  routerContext,
}: {
  request: Request;
  routerContext: EntryContext;
}): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        resolve({ html: Buffer.concat(chunks).toString("utf8"), failed });
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          console.error(error);
        },
      },
    );
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
