import { createHash } from "node:crypto";

// The HTTP side of the calendar feeds (rules §10 Feeds): text/calendar, a short cache with an
// ETag so subscribed calendars see a changed fixture at their next refresh, and 304 when
// nothing changed.

export function calendarResponse({
  request,
  body,
  download,
}: {
  request: Request;
  body: string;
  /** A file name: the browser offers to save or open it (one fixture's 'Add to calendar'). */
  download?: string;
}): Response {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = new Headers({
    "Content-Type": "text/calendar; charset=utf-8",
    "Cache-Control": "public, max-age=300, must-revalidate",
    ETag: etag,
  });
  if (download) headers.set("Content-Disposition", `attachment; filename="${download}"`);
  if (request.headers.get("if-none-match") === etag) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers });
}
