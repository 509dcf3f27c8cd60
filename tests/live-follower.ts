// A follower of a live match for the tests (ADR 036): reads GET /fixtures/{id}/live as a
// browser's EventSource would, and keeps each event with when it arrived.

export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
  at: number;
}

export interface Follower {
  response: Response;
  events: SseEvent[];
  /** The first event (already here or still to come) that matches, or an error after `ms`. */
  next(match: (event: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  close(): void;
}

function parse(block: string, at: number): SseEvent {
  const event: SseEvent = { at };
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) event.comment = line.slice(1).trim();
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const field = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, "");
    if (field === "id" || field === "event" || field === "data") event[field] = value;
  }
  return event;
}

export async function follow(url: string, headers: Record<string, string> = {}): Promise<Follower> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiting = new Set<() => void>();
  if (response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
          events.push(parse(buffer.slice(0, end), Date.now()));
          buffer = buffer.slice(end + 2);
        }
        for (const wake of waiting) wake();
      }
    })().catch(() => {});
  }
  return {
    response,
    events,
    next(match, ms = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no such event within ${ms} ms: ${JSON.stringify(events)}`));
        }, ms);
        if (!check()) waiting.add(check);
      });
    },
    close: () => controller.abort(),
  };
}

/** The match state a data event carries. */
export function stateOf(event: SseEvent): {
  phase: string;
  us: number;
  them: number;
  lastSeq: number;
} {
  return JSON.parse(event.data ?? "{}");
}
