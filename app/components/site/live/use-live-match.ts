import { useEffect, useState } from "react";
import type { FollowedState } from "../../../browser/live-follow.ts";

// A live match on a public page (ADR 036): the state the server rendered, then each new one
// from the stream, and a clock that ticks in the server's time. The stream's code is
// imported only here, only while the match is not over.

export function useLiveMatch({
  fixtureId,
  initial,
  serverNow,
  onState,
}: {
  fixtureId: string;
  initial: FollowedState;
  /** The server's time when the page was rendered. */
  serverNow: number;
  onState?: (state: FollowedState) => void;
}) {
  const [state, setState] = useState(initial);
  const [offset, setOffset] = useState(() => serverNow - Date.now());
  const [now, setNow] = useState(serverNow);
  const over = state.phase === "full-time";
  useEffect(() => {
    if (over) return;
    let stop = () => {};
    let stopped = false;
    void import("../../../browser/live-follow.ts").then(({ followLive }) => {
      if (stopped) return;
      stop = followLive({
        fixtureId,
        onState: (next) => {
          setState((current) => (next.lastSeq >= current.lastSeq ? next : current));
          onState?.(next);
        },
        onClock: (server) => setOffset(server - Date.now()),
      });
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [fixtureId, over, onState]);
  useEffect(() => {
    if (over || state.periodStartedAt === null) return;
    setNow(Date.now() + offset);
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [offset, over, state.periodStartedAt]);
  return { state, now };
}
