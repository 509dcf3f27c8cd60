import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { Change } from "../app/db/notify.server.ts";
import { getLiveState, lastEventSeq, matchesChangedSince } from "../app/domain/live/live.server.ts";
import { securityHeaderList } from "./security-headers.ts";

// Following a live match (ADR 036, rules §2 Following live): GET /fixtures/{id}/live is a
// Server-Sent Events stream of the match's state. Answered here, in front of Express, like the
// fast path: no per-request log line, no compression (which would buffer the stream), no page
// cache, and a follower costs a socket and a few objects rather than an Express request.
//
// One fan-out per process: the change notices (ADR 010) say "match_events changed" to every
// process; the fan-out then asks the database once which matches have new events, makes each
// followed match's message once, and writes the same bytes to each of its followers. So an
// event scored through any process or machine reaches every follower of every process.

const PATH = /^\/fixtures\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/live$/i;
/** ADR 036: a comment line this often keeps proxies and the browser from closing the stream. */
const LIVE_HEARTBEAT_MS = 15_000;
/** ADR 025: what one process holds at most; more answer 503 (the page still works without). */
const MAX_FOLLOWERS = 20_000;
/** How long a browser waits before reconnecting after the stream dropped. */
const RETRY_MS = 2_000;

export interface LiveStreams {
  /** Answers the request when it is a follower's stream; false hands it on. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Called with each change notice (null: notices may have been missed). */
  onChange(change: Change | null): void;
  followers(): number;
  /** Ends every stream (shutdown: browsers reconnect to another process). */
  close(): void;
}

interface Match {
  followers: Set<ServerResponse>;
  /** The last message sent, with its event id: a new follower gets it at once. */
  current: { seq: number; message: string } | null;
  loading: Promise<void> | null;
  reload: boolean;
}

/** The SSE message of a state: `id:` the last event's seq, `data:` the JSON (one line). */
function messageOf(live: NonNullable<Awaited<ReturnType<typeof getLiveState>>>) {
  return {
    seq: live.state.lastSeq,
    message: `id: ${live.state.lastSeq}\ndata: ${JSON.stringify({ ...live.state, names: live.names })}\n\n`,
  };
}

export function createLiveStreams({
  logger,
  isSecure,
  heartbeatMs = LIVE_HEARTBEAT_MS,
  maxFollowers = MAX_FOLLOWERS,
}: {
  logger: Logger;
  /** Whether the request came over HTTPS (directly or through a trusted proxy): HSTS. */
  isSecure: (req: IncomingMessage) => boolean;
  heartbeatMs?: number;
  maxFollowers?: number;
}): LiveStreams {
  const matches = new Map<string, Match>();
  let count = 0;
  let lastSeq: number | null = null;
  let refreshing: Promise<void> | null = null;
  let again = false;

  const send = (match: Match, message: string) => {
    for (const res of match.followers) res.write(message);
  };

  const load = (fixtureId: string, match: Match): Promise<void> => {
    // A notice while a read is under way: that read may have missed the event, so one more.
    if (match.loading) {
      match.reload = true;
      return match.loading;
    }
    match.loading = (async () => {
      try {
        const live = await getLiveState({ fixtureId });
        if (!live) return;
        const next = messageOf(live);
        if (match.current && match.current.seq >= next.seq) return;
        match.current = next;
        send(match, next.message);
      } catch (error) {
        logger.error({ err: error, fixtureId }, "live stream: could not read the match");
      } finally {
        match.loading = null;
        if (match.reload) {
          match.reload = false;
          void load(fixtureId, match);
        }
      }
    })();
    return match.loading;
  };

  const refresh = async () => {
    if (matches.size === 0) {
      lastSeq = null;
      return;
    }
    const from = lastSeq ?? 0;
    const changed = await matchesChangedSince({ seq: from });
    lastSeq = changed.lastSeq;
    await Promise.all(
      changed.fixtureIds.flatMap((id) => {
        const match = matches.get(id);
        return match ? [load(id, match)] : [];
      }),
    );
  };

  /** One refresh at a time; notices meanwhile ask for one more after it. */
  const scheduleRefresh = () => {
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = refresh()
      .catch((error) => logger.error({ err: error }, "live stream: refresh failed"))
      .finally(() => {
        refreshing = null;
        if (again) {
          again = false;
          scheduleRefresh();
        }
      });
  };

  const heartbeat = setInterval(() => {
    for (const match of matches.values()) send(match, ": heartbeat\n\n");
  }, heartbeatMs);
  heartbeat.unref();

  return {
    handle(req, res) {
      // Asked of every request before the fast path: a quick "no" for any other address.
      const url = req.url ?? "";
      const query = url.indexOf("?");
      const path = query === -1 ? url : url.slice(0, query);
      if (path.slice(-5).toLowerCase() !== "/live") return false;
      const found = PATH.exec(path);
      if (!found || (req.method !== "GET" && req.method !== "HEAD")) return false;
      const fixtureId = (found[1] ?? "").toLowerCase();
      const security = securityHeaderList(isSecure(req)).flat();
      if (count >= maxFollowers) {
        res.writeHead(503, [...security, "Retry-After", "30", "Cache-Control", "no-store"]);
        res.end();
        return true;
      }
      res.writeHead(200, [
        ...security,
        "Content-Type",
        "text/event-stream; charset=utf-8",
        "Cache-Control",
        "no-store",
        // nginx and Caddy pass the stream on as it comes rather than buffer it.
        "X-Accel-Buffering",
        "no",
        "Connection",
        "keep-alive",
      ]);
      if (req.method === "HEAD") {
        res.end();
        return true;
      }
      // The server's time, for the match clock (the phone's own may be off).
      res.write(`retry: ${RETRY_MS}\nevent: clock\ndata: ${Date.now()}\n\n`);
      const lastEventId = Number(req.headers["last-event-id"] ?? Number.NaN);
      let match = matches.get(fixtureId);
      if (!match) {
        match = { followers: new Set(), current: null, loading: null, reload: false };
        matches.set(fixtureId, match);
      }
      match.followers.add(res);
      count++;
      req.socket.setNoDelay(true);
      req.socket.setTimeout(0);
      // The first follower of the process: from now on, events after this one are news.
      if (lastSeq === null) {
        lastSeq = 0;
        void lastEventSeq()
          .then((seq) => {
            lastSeq = Math.max(lastSeq ?? 0, seq);
          })
          .catch(() => {});
      }
      // A new follower, or one back after a drop that missed something, gets the state now.
      const current = match.current;
      if (current) {
        if (!(lastEventId >= current.seq)) res.write(current.message);
      } else {
        void load(fixtureId, match);
      }
      const followed = match;
      res.on("close", () => {
        if (followed.followers.delete(res)) count--;
        if (followed.followers.size === 0 && matches.get(fixtureId) === followed) {
          matches.delete(fixtureId);
        }
      });
      return true;
    },
    onChange(change) {
      if (change === null || change.table === "match_events") scheduleRefresh();
    },
    followers: () => count,
    close() {
      clearInterval(heartbeat);
      for (const match of matches.values()) {
        for (const res of match.followers) res.end();
      }
      matches.clear();
      count = 0;
    },
  };
}
