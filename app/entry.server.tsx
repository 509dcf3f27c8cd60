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
import { ScriptMarkContext } from "./components/ui/script-mark.ts";
import { analyticsMeasurementId } from "./config/analytics.server.ts";
import { contentSecurityPolicy, markedScriptHashes, newScriptMark } from "./config/csp.server.ts";
import { scriptsAfterFirstPaint, withoutScriptPreloads } from "./document-scripts.ts";
import { getClub } from "./domain/club/club.server.ts";
import { reportError } from "./logger.server.ts";
import { renderWholeDocument } from "./whole-document.tsx";

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
  return renderWholeDocument(
    <ScriptMarkContext.Provider value={mark}>
      <ServerIslandsContext.Provider value={SERVER_ISLANDS}>
        <ServerRouter context={routerContext} url={request.url} nonce={mark} />
      </ServerIslandsContext.Provider>
    </ScriptMarkContext.Provider>,
    {
      timeoutMs: streamTimeout + 1000,
      onError: (error) =>
        reportError(error, { method: request.method, path: new URL(request.url).pathname }),
    },
  );
}
