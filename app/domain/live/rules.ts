import type { MatchEventKind } from "../../db/schema.ts";

// Live matches (ADR 036, rules §2 Live scoring, Following live): the pure rules. A match's
// state is never stored: it is made from its events, every time, by `liveState`.

/** rules §2 Live scoring: a powerchair football match is two halves of 20 minutes. */
const HALF_MINUTES = 20;
/** ADR 036: a scorer whose screen has not been heard from for this long has let go. */
const LIVE_LOCK_STALE_MS = 2 * 60 * 1000;
/** ADR 036: how often the Live screen says it is still open. */
export const LIVE_HEARTBEAT_MS = 30 * 1000;
/** ADR 036: a comment on an event, at most this long. */
export const LIVE_COMMENT_MAX = 140;
/**
 * ADR 036: a phone clock may be off, but not by more than a day; an offset beyond this is a
 * broken clock, and the server's own time is used instead.
 */
const MAX_CLOCK_OFFSET_MS = 24 * 60 * 60 * 1000;

export type LivePhase =
  | "not-started"
  | "first-half"
  | "half-time"
  | "second-half"
  | "extra-time"
  | "penalties"
  | "full-time";

/** One event as the rules read it (a row of match_events, or a test's literal). */
export interface LiveEvent {
  seq: number;
  kind: MatchEventKind;
  player?: string | null;
  minute?: number | null;
  ownGoal?: boolean;
  card?: "yellow" | "red" | null;
  pensUs?: number | null;
  pensThem?: number | null;
  comment?: string | null;
  undoes?: number | null;
  happenedAt: Date;
}

/** What a follower sees of one event (the timeline). */
interface TimelineEntry {
  seq: number;
  kind: MatchEventKind;
  minute: number | null;
  player: string | null;
  ownGoal: boolean;
  card: "yellow" | "red" | null;
  comment: string | null;
  /** The event in words, as the timeline and the live region say it. */
  text: string;
}

/** A live match's state, made from its events (ADR 036). JSON-safe: instants are ms. */
export interface LiveState {
  phase: LivePhase;
  us: number;
  them: number;
  pensUs: number | null;
  pensThem: number | null;
  /** When the current period started (server time, ms), for the clock; null when none runs. */
  periodStartedAt: number | null;
  /** The minutes played before the current period (0, 20, 40). */
  periodOffset: number;
  /** The last event's seq: the followers' event id. */
  lastSeq: number;
  /** Oldest first, in the order they happened on the pitch. */
  timeline: TimelineEntry[];
}

/**
 * ADR 036: when an event happened in server time. The phone says when it happened
 * (`happenedAt`, its clock) and its clock's now at the send (`sentAt`); the server's now at
 * receipt minus the phone's now at the send is that phone's offset (the time in flight is
 * under a second and counts as nothing). Without the phone's times, or with an offset beyond
 * a day, the server's own time at receipt.
 */
export function correctedTime({
  happenedAt,
  sentAt,
  receivedAt,
}: {
  happenedAt: number | null;
  sentAt: number | null;
  receivedAt: Date;
}): Date {
  if (happenedAt === null || sentAt === null) return receivedAt;
  const offset = receivedAt.getTime() - sentAt;
  if (Math.abs(offset) > MAX_CLOCK_OFFSET_MS) return receivedAt;
  const corrected = happenedAt + offset;
  // An event cannot have happened after it arrived.
  return new Date(Math.min(corrected, receivedAt.getTime()));
}

/** ADR 036: events in the order they happened on the pitch; the same instant by arrival. */
export function inPlayOrder<T extends Pick<LiveEvent, "seq" | "happenedAt">>(
  events: readonly T[],
): T[] {
  return [...events].sort(
    (a, b) => a.happenedAt.getTime() - b.happenedAt.getTime() || a.seq - b.seq,
  );
}

/** The events still standing: those an `undo` took back, and the undos, are left out. */
function standingEvents<T extends Pick<LiveEvent, "seq" | "kind" | "undoes">>(
  events: readonly T[],
): T[] {
  const undone = new Set(events.flatMap((event) => (event.kind === "undo" ? [event.undoes] : [])));
  return events.filter((event) => event.kind !== "undo" && !undone.has(event.seq));
}

/**
 * rules §2 Live scoring: the match clock's minute at `now`, as football counts it (the first
 * minute is 1'), from the period's start; null when no period runs.
 */
export function matchMinute({
  periodStartedAt,
  periodOffset,
  now,
}: {
  periodStartedAt: number | null;
  periodOffset: number;
  now: number;
}): number | null {
  if (periodStartedAt === null) return null;
  const elapsed = Math.max(0, now - periodStartedAt);
  return Math.min(130, periodOffset + Math.floor(elapsed / 60_000) + 1);
}

/** What the clock shows: the minute, HT, FT, or nothing before kick-off. */
export function clockText(state: LiveState, now: number): string {
  if (state.phase === "half-time") return "HT";
  if (state.phase === "full-time") return "FT";
  if (state.phase === "penalties") return "Pens";
  const minute = matchMinute({ ...state, now });
  return minute === null ? "" : `${minute}'`;
}

const PERIOD_OFFSET: Partial<Record<MatchEventKind, number>> = {
  "kick-off": 0,
  "second-half": HALF_MINUTES,
  "extra-time": 2 * HALF_MINUTES,
};

const PHASE_AFTER: Partial<Record<MatchEventKind, LivePhase>> = {
  "kick-off": "first-half",
  "half-time": "half-time",
  "second-half": "second-half",
  "extra-time": "extra-time",
  penalties: "penalties",
  "full-time": "full-time",
};

/** rules §2 Following live: an event in words, for the timeline and the live region. */
function eventText(
  event: Pick<LiveEvent, "kind" | "player" | "minute" | "ownGoal" | "card" | "comment"> &
    Partial<Pick<LiveEvent, "pensUs" | "pensThem">>,
  names: { us: string; them: string },
): string {
  const at = event.minute ? ` (${event.minute}')` : "";
  const words = (() => {
    switch (event.kind) {
      case "kick-off":
        return "Kick-off";
      case "goal-us":
        return event.ownGoal
          ? `Goal for ${names.us}: own goal by ${names.them}${at}`
          : `Goal for ${names.us}${event.player ? `: ${event.player}` : ""}${at}`;
      case "goal-them":
        return event.ownGoal
          ? `Goal for ${names.them}: own goal${event.player ? ` by ${event.player}` : ""}${at}`
          : `Goal for ${names.them}${at}`;
      case "card":
        return `${event.card === "red" ? "Red" : "Yellow"} card${event.player ? `: ${event.player}` : ""}${at}`;
      case "half-time":
        return "Half-time";
      case "second-half":
        return "Second half";
      case "extra-time":
        return "Extra time";
      case "penalties":
        return event.pensUs !== null && event.pensUs !== undefined
          ? `Penalties: ${names.us} ${event.pensUs}–${event.pensThem ?? 0} ${names.them}`
          : "Penalties";
      case "full-time":
        return "Full time";
      case "comment":
        return "Note";
      case "undo":
        return "Undone";
    }
  })();
  return event.comment ? `${words}. ${event.comment}` : words;
}

/** ADR 036: a match's state, made from all its events (in any order). */
export function liveState(
  events: readonly LiveEvent[],
  names: { us: string; them: string },
): LiveState {
  const state: LiveState = {
    phase: "not-started",
    us: 0,
    them: 0,
    pensUs: null,
    pensThem: null,
    periodStartedAt: null,
    periodOffset: 0,
    lastSeq: events.reduce((max, event) => Math.max(max, event.seq), 0),
    timeline: [],
  };
  for (const event of inPlayOrder(standingEvents(events))) {
    if (event.kind === "goal-us") state.us += 1;
    if (event.kind === "goal-them") state.them += 1;
    if (event.kind === "penalties") {
      state.pensUs = event.pensUs ?? null;
      state.pensThem = event.pensThem ?? null;
    }
    const phase = PHASE_AFTER[event.kind];
    if (phase) state.phase = phase;
    const offset = PERIOD_OFFSET[event.kind];
    if (offset !== undefined) {
      state.periodStartedAt = event.happenedAt.getTime();
      state.periodOffset = offset;
    } else if (phase) {
      state.periodStartedAt = null;
    }
    state.timeline.push({
      seq: event.seq,
      kind: event.kind,
      minute: event.minute ?? null,
      player: event.player ?? null,
      ownGoal: event.ownGoal ?? false,
      card: event.card ?? null,
      comment: event.comment ?? null,
      text: eventText(event, names),
    });
  }
  return state;
}

/** rules §2 Live scoring: what the scorer may record next, by phase. */
export function allowedKinds({ phase, cup }: { phase: LivePhase; cup: boolean }): MatchEventKind[] {
  const inPlay: MatchEventKind[] = ["goal-us", "goal-them", "card", "comment"];
  switch (phase) {
    case "not-started":
      return ["kick-off", "comment"];
    case "first-half":
      return [...inPlay, "half-time"];
    case "half-time":
      return ["second-half", "card", "comment"];
    case "second-half":
      return [...inPlay, "full-time", ...(cup ? (["extra-time", "penalties"] as const) : [])];
    case "extra-time":
      return [...inPlay, "full-time", ...(cup ? (["penalties"] as const) : [])];
    case "penalties":
      return ["penalties", "full-time", "comment"];
    case "full-time":
      return [];
  }
}

/** rules §2 Following live: the events the live region announces (each once). */
export function isAnnounced(kind: MatchEventKind): boolean {
  return kind === "goal-us" || kind === "goal-them" || kind === "half-time" || kind === "full-time";
}

/**
 * rules §2 Following live: the home page's banner, "LIVE · Storm 2–1 Belfast · 31'". After
 * full time it says FT rather than LIVE.
 */
export function bannerText(
  state: LiveState,
  names: { us: string; them: string },
  now: number,
): string {
  const clock = clockText(state, now);
  const lead = state.phase === "full-time" ? "FT" : "LIVE";
  const score = `${names.us} ${state.us}–${state.them} ${names.them}`;
  return [lead, score, state.phase === "full-time" ? "" : clock].filter(Boolean).join(" · ");
}

/** The result a finished live match becomes (rules §2 Live scoring, full time). */
export interface LiveResult {
  homeScore: number;
  awayScore: number;
  pensHome: number | null;
  pensAway: number | null;
  scorers: { name: string; minute: number }[];
  /** Cards by player: the match details' figures; empty when none was shown. */
  cards: { name: string; yellowCards: number; redCards: number }[];
}

/**
 * rules §2 Live scoring: full time becomes the result, as if typed into the result form: the
 * score, each goal for us with its minute (an opponent's own goal as `ownGoalName`), the
 * shoot-out when level, and the cards shown to our players.
 */
export function resultOf(
  events: readonly LiveEvent[],
  { ownGoalName }: { ownGoalName: string },
): LiveResult {
  const standing = inPlayOrder(standingEvents(events));
  let us = 0;
  let them = 0;
  let pens: { us: number; them: number } | null = null;
  const scorers: { name: string; minute: number }[] = [];
  const cards = new Map<string, { name: string; yellowCards: number; redCards: number }>();
  for (const event of standing) {
    if (event.kind === "goal-us") {
      us += 1;
      const name = event.ownGoal ? ownGoalName : event.player;
      if (name) scorers.push({ name, minute: Math.max(1, event.minute ?? 1) });
    }
    if (event.kind === "goal-them") them += 1;
    if (event.kind === "penalties" && event.pensUs != null && event.pensThem != null) {
      pens = { us: event.pensUs, them: event.pensThem };
    }
    if (event.kind === "card" && event.player) {
      const row = cards.get(event.player) ?? { name: event.player, yellowCards: 0, redCards: 0 };
      if (event.card === "red") row.redCards += 1;
      else row.yellowCards += 1;
      cards.set(event.player, row);
    }
  }
  const level = us === them;
  return {
    homeScore: us,
    awayScore: them,
    pensHome: level && pens ? pens.us : null,
    pensAway: level && pens ? pens.them : null,
    scorers,
    cards: [...cards.values()],
  };
}

/** ADR 036: whether a scorer's hold on a match has lapsed. */
export function isLockStale({ heartbeatAt, now }: { heartbeatAt: Date; now: Date }): boolean {
  return now.getTime() - heartbeatAt.getTime() > LIVE_LOCK_STALE_MS;
}

/**
 * The follower's choice on a live match's page ("Announce goals and half-time"), kept in the
 * browser's localStorage under this name; the privacy policy names it (legal-defaults.ts).
 */
export const LIVE_ANNOUNCE_KEY = "clubsite.live-announcements";
