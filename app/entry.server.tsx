import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { CookieBanner } from "./components/site/cookie-banner.tsx";
import { LiveBanners } from "./components/site/live/live-banner.tsx";
import { MatchCentreTabContent } from "./components/site/match-centre/match-centre-content.tsx";
import { type ServerIslands, ServerIslandsContext } from "./components/site/server-islands.ts";
import {
  ShortSubscribeForm,
  SubscribeFormSection,
} from "./components/site/subscribe/subscribe-form.tsx";
import { RenderInTurns } from "./components/ui/in-turns.tsx";
import { ScriptMarkContext } from "./components/ui/script-mark.ts";
import { analyticsMeasurementId } from "./config/analytics.server.ts";
import { contentSecurityPolicy, markedScriptHashes, newScriptMark } from "./config/csp.server.ts";
import { scriptsAfterFirstPaint, withoutScriptPreloads } from "./document-scripts.ts";
import { getClub } from "./domain/club/club.server.ts";
import { reportError } from "./logger.server.ts";

export const streamTimeout = 5_000;

// A page that does not exist, or a visitor who went away, is not a server error. Everything
// else goes to the logger and the error monitor (app/logger.server.ts), never the console.
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  reportError(error, { method: request.method, path: new URL(request.url).pathname });
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

  const mark = newScriptMark();
  const rendered = await renderDocument({ request, routerContext, mark });
  // ADR 030: React's render is one task; what follows (the scripts' hashes, moving them after
  // the first paint) is another, so requests that came meanwhile are answered in between.
  await new Promise<void>((resolve) => setImmediate(resolve));
  const admin = new URL(request.url).pathname.toLowerCase().startsWith("/admin");
  // ADR 008: outside the admin, no script preloads and the scripts start after the first paint
  // (document-scripts.ts). The admin keeps both: it is forms, and a volunteer should be able to
  // type at once.
  const framework = markedScriptHashes({
    html: admin ? rendered.html : scriptsAfterFirstPaint(rendered.html),
    mark,
  });
  const html = admin ? framework.html : withoutScriptPreloads(framework.html);
  const failed = rendered.failed;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy({
      scriptHashes: framework.hashes,
      development: import.meta.env.DEV,
      analytics: analyticsMeasurementId((await getClub()).details.analyticsId) !== "",
    }),
  );
  return new Response(html, {
    headers: responseHeaders,
    status: failed ? 500 : responseStatusCode,
  });
}

// What pages render here but load in the browser only after their scripts start (ADR 008,
// components/site/server-islands.ts).
const SERVER_ISLANDS: ServerIslands = {
  MatchCentreTabContent,
  CookieBanner,
  SubscribeFormSection,
  ShortSubscribeForm,
  LiveBanners,
};

function renderDocument({
  request,
  routerContext,
  mark,
}: {
  request: Request;
  routerContext: EntryContext;
  mark: string;
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
      <ScriptMarkContext.Provider value={mark}>
        <ServerIslandsContext.Provider value={SERVER_ISLANDS}>
          <RenderInTurns.Provider value={true}>
            <ServerRouter context={routerContext} url={request.url} nonce={mark} />
          </RenderInTurns.Provider>
        </ServerIslandsContext.Provider>
      </ScriptMarkContext.Provider>,
      {
        // A <Suspense> boundary's content stays in place in the HTML however large it is:
        // React would otherwise send one over 12.8 KB (the match centre's tabs) after the
        // page, with a script to move it in, and a page without JavaScript would show its
        // fallback. The document is sent whole anyway (above).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // ADR 030: React renders the whole document in one task and would write it out in the
        // same one; writing it (about a quarter of React's time on a large page) waits a turn,
        // so requests that came during the render are answered in between.
        onAllReady() {
          setImmediate(() => pipe(sink));
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          reportError(error, { method: request.method, path: new URL(request.url).pathname });
        },
      },
    );
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
