import { useCallback, useEffect, useRef, useState } from "react";
import type { FollowedState } from "../../../browser/live-follow.ts";
import { matchPath } from "../../../domain/fixtures/paths.ts";
import { clockText, isAnnounced, LIVE_ANNOUNCE_KEY } from "../../../domain/live/rules.ts";
import { useHydrated } from "../use-hydrated.ts";
import { useLiveMatch } from "./use-live-match.ts";

// The match page's live part (rules §2 Following live, ADR 036): the score, the clock, the
// timeline (kept afterwards as the match's record), and ONE polite live region that says each
// goal, half-time and full time once. The switch that silences it is shown once it works
// (ADR 019) and is remembered on this device.

const PHASE_WORDS: Record<FollowedState["phase"], string> = {
  "not-started": "Not started",
  "first-half": "First half",
  "half-time": "Half-time",
  "second-half": "Second half",
  "extra-time": "Extra time",
  penalties: "Penalties",
  "full-time": "Full time",
};

function readAnnouncing(): boolean {
  try {
    return localStorage.getItem(LIVE_ANNOUNCE_KEY) !== "off";
  } catch {
    return true;
  }
}

export function MatchLive({
  fixtureId,
  initial,
  serverNow,
}: {
  fixtureId: string;
  initial: FollowedState;
  serverNow: number;
}) {
  const hydrated = useHydrated();
  const [announcing, setAnnouncing] = useState(true);
  const [said, setSaid] = useState<{ seq: number; text: string }[]>([]);
  const heard = useRef(new Set(initial.timeline.map((entry) => entry.seq)));
  const announcingRef = useRef(true);
  useEffect(() => {
    announcingRef.current = readAnnouncing();
    setAnnouncing(announcingRef.current);
  }, []);
  const onState = useCallback((next: FollowedState) => {
    const fresh = next.timeline.filter(
      (entry) => isAnnounced(entry.kind) && !heard.current.has(entry.seq),
    );
    for (const entry of next.timeline) heard.current.add(entry.seq);
    if (fresh.length > 0 && announcingRef.current) {
      setSaid((list) => [...list, ...fresh.map(({ seq, text }) => ({ seq, text }))].slice(-10));
    }
  }, []);
  const { state, now } = useLiveMatch({ fixtureId, initial, serverNow, onState });
  const clock = clockText(state, now);

  return (
    <section aria-labelledby="live-title" className="mt-8">
      <h2 id="live-title" className="section-title">
        {state.phase === "full-time" ? "Match record" : "Live"}
      </h2>
      <p className="mt-3 font-display text-4xl font-extrabold uppercase" data-live-score="">
        {state.names.us} {state.us}–{state.them} {state.names.them}
      </p>
      <p className="mt-1 text-lg text-slate-700">
        {PHASE_WORDS[state.phase]}
        {clock && clock !== "HT" && clock !== "FT" ? ` · ${clock}` : ""}
        {state.pensUs !== null ? ` · Penalties ${state.pensUs}–${state.pensThem}` : ""}
      </p>
      {state.phase !== "full-time" ? (
        <p className="mt-3 flex flex-wrap items-center gap-3">
          {/* Without scripts the page is as current as its last load. */}
          <a
            href={matchPath(fixtureId)}
            className="inline-flex min-h-12 items-center font-semibold text-club underline underline-offset-4"
          >
            Refresh
          </a>
          {hydrated ? (
            <button
              type="button"
              aria-pressed={announcing}
              className="inline-flex min-h-12 items-center rounded-md border border-slate-400 px-4 font-semibold"
              onClick={() => {
                const next = !announcing;
                announcingRef.current = next;
                setAnnouncing(next);
                try {
                  localStorage.setItem(LIVE_ANNOUNCE_KEY, next ? "on" : "off");
                } catch {
                  // private mode: remembered for this page only
                }
              }}
            >
              Announce goals and half-time
            </button>
          ) : null}
        </p>
      ) : null}
      <div
        aria-live="polite"
        aria-relevant="additions"
        className="sr-only"
        data-live-announcements=""
      >
        {said.map((entry) => (
          <p key={entry.seq}>{entry.text}</p>
        ))}
      </div>
      <h3 className="mt-6 font-display text-xl font-bold uppercase">Match events</h3>
      {state.timeline.length === 0 ? (
        <p className="mt-2 text-slate-700">No events yet.</p>
      ) : (
        <ol className="mt-2 space-y-1" aria-label="Match events">
          {state.timeline.map((entry) => (
            <li key={entry.seq}>{entry.text}</li>
          ))}
        </ol>
      )}
    </section>
  );
}
