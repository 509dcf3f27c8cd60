import { useEffect, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { useOutbox } from "../../../browser/outbox.ts";
import type { MatchEventKind } from "../../../db/schema.ts";
import {
  clockText,
  LIVE_COMMENT_MAX,
  LIVE_HEARTBEAT_MS,
  type LiveState,
  matchMinute,
} from "../../../domain/live/rules.ts";
import { useClubDates } from "../../site/use-club-dates.ts";
import { buttonStyles } from "../form-fields.tsx";

// The Live screen's parts (rules §2 Live scoring, ADR 036): one hand on a phone, keyboard or
// switch. Every target is at least 48 px high, the layout is one column down to 320 px, and
// every button is a real submit button of one form (so it works before its scripts run).

const BIG = "min-h-12 w-full justify-center text-base";
const FIELD =
  "mt-1 block min-h-12 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900";

export function LiveMatchList({
  matches,
}: {
  matches: {
    id: string;
    opponent: string;
    date: string | null;
    timeTbc: boolean;
    location: string;
  }[];
}) {
  const dates = useClubDates();
  if (matches.length === 0) {
    return <p className="mt-6 text-slate-700">No matches today.</p>;
  }
  return (
    <ul className="mt-6 space-y-3" aria-label="Today's matches">
      {matches.map((match) => (
        <li key={match.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="font-semibold text-slate-900">v {match.opponent}</p>
          <p className="text-sm text-slate-700">
            {match.date
              ? dates.formatFixtureDate({ date: new Date(match.date), timeTbc: match.timeTbc })
              : "Time to be confirmed"}{" "}
            · {match.location}
          </p>
          <Link
            to={`/admin/live?match=${match.id}`}
            className={`${buttonStyles.primary} mt-3 ${BIG}`}
          >
            Score v {match.opponent}
          </Link>
        </li>
      ))}
    </ul>
  );
}

interface LiveMatchView {
  id: string;
  names: { us: string; them: string };
  state: LiveState;
  cup: boolean;
  allowed: MatchEventKind[];
  holder: { name: string; me: boolean } | null;
}

/** The match clock in this browser, from the server's time (the phone's clock may be off). */
function useServerClock(serverNow: number): number {
  const [offset] = useState(() => serverNow - Date.now());
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [offset]);
  return now;
}

export function LiveScoring({
  match,
  squad,
  serverNow,
}: {
  match: LiveMatchView;
  squad: string[];
  serverNow: number;
}) {
  const now = useServerClock(serverNow);
  const { state, names, allowed } = match;
  const clockMinute = matchMinute({ ...state, now });
  const [minute, setMinute] = useState<string | null>(null);
  const can = (kind: MatchEventKind) => allowed.includes(kind);
  const heldByOther = match.holder !== null && !match.holder.me;
  const waiting = useOutbox().filter(
    (change) => change.screen === "/admin/live" && change.status === "pending",
  );
  useHeartbeat(match.id, match.holder?.me === true);
  const last = state.timeline.at(-1);

  return (
    <div className="mt-6 space-y-6">
      <section aria-labelledby="live-score" className="rounded-lg bg-slate-900 p-4 text-white">
        <h2 id="live-score" className="font-display text-2xl font-extrabold uppercase">
          {names.us} {state.us}–{state.them} {names.them}
        </h2>
        <p className="mt-1 text-lg">
          {state.phase === "not-started" ? "Not started" : clockText(state, now)}
          {state.pensUs !== null ? ` · Penalties ${state.pensUs}–${state.pensThem}` : ""}
        </p>
      </section>

      {waiting.length > 0 ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 font-medium text-amber-950 ring-1 ring-amber-300">
          {waiting.length === 1
            ? "1 event is waiting on this phone: it is sent as soon as there is signal."
            : `${waiting.length} events are waiting on this phone: they are sent in order as soon as there is signal.`}
        </p>
      ) : null}

      {heldByOther ? (
        <Form method="post" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p className="text-amber-950">{match.holder?.name} is scoring this match.</p>
          <input type="hidden" name="fixtureId" value={match.id} />
          <button
            type="submit"
            name="intent"
            value="take-over"
            className={`${buttonStyles.primary} mt-3 ${BIG}`}
          >
            Take over scoring
          </button>
        </Form>
      ) : null}

      {!heldByOther && allowed.length > 0 ? (
        <Form
          method="post"
          className="space-y-4"
          aria-label="Record an event"
          onSubmit={(event) => {
            // When it happened on this phone (ADR 036); the minute field keeps its own value.
            const form = event.currentTarget;
            const field = form.elements.namedItem("happenedAt");
            if (field instanceof HTMLInputElement) field.value = String(Date.now());
            setMinute(null);
          }}
        >
          <input type="hidden" name="fixtureId" value={match.id} />
          <input type="hidden" name="happenedAt" value="" />
          <input type="hidden" name="label" value={`v ${names.them}`} />
          {can("kick-off") ? (
            <button
              type="submit"
              name="intent"
              value="kick-off"
              className={`${buttonStyles.primary} ${BIG}`}
            >
              Start (kick-off)
            </button>
          ) : null}
          {can("goal-us") ? (
            <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
              <legend className="px-1 font-semibold text-slate-900">Goal or card</legend>
              <label htmlFor="live-player" className="block font-medium text-slate-900">
                Player
              </label>
              <select id="live-player" name="player" className={FIELD} defaultValue="">
                <option value="">Choose a player</option>
                {squad.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
              <label htmlFor="live-minute" className="block font-medium text-slate-900">
                Minute
              </label>
              <input
                id="live-minute"
                name="minute"
                type="number"
                inputMode="numeric"
                min={1}
                max={130}
                className={FIELD}
                value={minute ?? (clockMinute === null ? "" : String(clockMinute))}
                onChange={(event) => setMinute(event.target.value)}
              />
              <label className="flex min-h-12 items-center gap-3 font-medium text-slate-900">
                <input name="ownGoal" type="checkbox" className="size-6" />
                Own goal (by the other team, for us; or by our player, for them)
              </label>
              <fieldset>
                <legend className="font-medium text-slate-900">Card colour</legend>
                <div className="mt-1 flex gap-4">
                  {(["yellow", "red"] as const).map((colour) => (
                    <label key={colour} className="flex min-h-12 items-center gap-2">
                      <input
                        type="radio"
                        name="card"
                        value={colour}
                        defaultChecked={colour === "yellow"}
                        className="size-6"
                      />
                      {colour === "yellow" ? "Yellow" : "Red"}
                    </label>
                  ))}
                </div>
              </fieldset>
            </fieldset>
          ) : null}
          {can("penalties") ? (
            <fieldset className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4">
              <legend className="px-1 font-semibold text-slate-900">Penalty shoot-out</legend>
              <label className="block font-medium">
                {names.us}
                <input
                  name="pensUs"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={10}
                  className={FIELD}
                />
              </label>
              <label className="block font-medium">
                {names.them}
                <input
                  name="pensThem"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={10}
                  className={FIELD}
                />
              </label>
            </fieldset>
          ) : null}
          <label className="block font-medium text-slate-900">
            Comment (optional, goes with the event)
            <input name="comment" type="text" maxLength={LIVE_COMMENT_MAX} className={FIELD} />
          </label>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {can("goal-us") ? (
              <EventButton kind="goal-us" primary>{`Goal for ${names.us}`}</EventButton>
            ) : null}
            {can("goal-them") ? (
              <EventButton kind="goal-them" primary>{`Goal for ${names.them}`}</EventButton>
            ) : null}
            {can("card") ? <EventButton kind="card">Card</EventButton> : null}
            {can("half-time") ? <EventButton kind="half-time">Half-time</EventButton> : null}
            {can("second-half") ? <EventButton kind="second-half">Second half</EventButton> : null}
            {can("extra-time") ? <EventButton kind="extra-time">Extra time</EventButton> : null}
            {can("penalties") ? <EventButton kind="penalties">Penalties</EventButton> : null}
            {can("full-time") ? <EventButton kind="full-time">Full time</EventButton> : null}
            {can("comment") ? <EventButton kind="comment">Comment only</EventButton> : null}
          </div>
        </Form>
      ) : null}

      {!heldByOther && last && state.phase !== "full-time" ? (
        <Form method="post">
          <input type="hidden" name="fixtureId" value={match.id} />
          <input type="hidden" name="label" value={`Undo: ${last.text}`} />
          <button
            type="submit"
            name="intent"
            value="undo"
            className={`${buttonStyles.danger} ${BIG}`}
          >
            Undo last event: {last.text}
          </button>
        </Form>
      ) : null}

      {state.phase === "full-time" ? (
        <p className="rounded-md bg-green-50 px-3 py-2 text-green-900">
          Full time: the result is saved.{" "}
          <Link className="font-semibold underline" to={`/admin/fixtures?edit=${match.id}`}>
            Correct it in Manage Fixtures
          </Link>
        </p>
      ) : null}

      <section aria-labelledby="live-timeline">
        <h2 id="live-timeline" className="font-display text-xl font-bold uppercase text-slate-900">
          Events so far
        </h2>
        {state.timeline.length === 0 ? (
          <p className="mt-2 text-slate-700">None yet.</p>
        ) : (
          <ol className="mt-2 space-y-1">
            {state.timeline.map((entry) => (
              <li key={entry.seq} className="text-slate-900">
                {entry.text}
              </li>
            ))}
          </ol>
        )}
      </section>
      <Link
        to="/admin/live"
        className="inline-flex min-h-12 items-center font-semibold text-club underline"
      >
        All of today's matches
      </Link>
    </div>
  );
}

function EventButton({
  kind,
  primary = false,
  children,
}: {
  kind: MatchEventKind;
  primary?: boolean;
  children: string;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={kind}
      className={`${primary ? buttonStyles.primary : buttonStyles.secondary} ${BIG}`}
    >
      {children}
    </button>
  );
}

/** ADR 036: while the screen is open, the scorer's hold on the match is renewed. */
function useHeartbeat(fixtureId: string, holding: boolean) {
  const fetcher = useFetcher();
  const { submit } = fetcher;
  useEffect(() => {
    if (!holding) return;
    const timer = setInterval(
      () =>
        void submit({ intent: "heartbeat", fixtureId }, { method: "post", action: "/admin/live" }),
      LIVE_HEARTBEAT_MS,
    );
    return () => clearInterval(timer);
  }, [fixtureId, holding, submit]);
}
