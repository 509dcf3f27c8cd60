import type { LiveState } from "../domain/live/rules.ts";

// Following a live match in the browser (ADR 036): the stream of GET /fixtures/{id}/live.
// Loaded with import() only on a page that shows a live match, so no other page pays for it.
// EventSource reconnects by itself after a drop and sends Last-Event-ID, so the server sends
// the state only when something was missed.

export type FollowedState = LiveState & { names: { us: string; them: string } };

/**
 * Calls `onState` with each new state of the match and `onClock` with the server's time at
 * each (re)connection (the match clock runs from the server's kick-off, not the phone's);
 * returns the stop.
 */
export function followLive({
  fixtureId,
  onState,
  onClock,
}: {
  fixtureId: string;
  onState: (state: FollowedState) => void;
  onClock: (serverNow: number) => void;
}): () => void {
  const source = new EventSource(`/fixtures/${fixtureId}/live`);
  source.onmessage = (event) => {
    try {
      onState(JSON.parse(event.data) as FollowedState);
    } catch {
      // a broken message: the next one carries the whole state again
    }
  };
  source.addEventListener("clock", (event) => {
    const now = Number((event as MessageEvent).data);
    if (Number.isFinite(now)) onClock(now);
  });
  return () => source.close();
}
