import { and, asc, eq, gt, gte, inArray, lt, max } from "drizzle-orm";
import { club } from "../../config/club.ts";
import { db, withTransactionScope } from "../../db/database.server.ts";
import { fixtures, liveScorers, type MatchEventKind, matchEvents } from "../../db/schema.ts";
import { recordActivity } from "../activity/activity.server.ts";
import { getClub } from "../club/club.server.ts";
import { fromClubDateTime } from "../dates/club-time.ts";
import { clubDates } from "../dates/format.ts";
import { getFixture, updateFixture } from "../fixtures/fixtures.server.ts";
import { isCalledOff, isCupType } from "../fixtures/rules.ts";
import { mailResult } from "../subscribers/admin.server.ts";
import {
  allowedKinds,
  correctedTime,
  isLockStale,
  type LiveEvent,
  type LiveState,
  liveState,
  resultOf,
} from "./rules.ts";

// Live matches (ADR 036): the scorer's writes (events, undo, who scores) and the reads of the
// Live screen, the match page, the home page's banner and the followers' streams. The state
// is made from the events by rules.ts on every read, never stored.

export type MatchEvent = typeof matchEvents.$inferSelect;

/** Who records: the signed-in administrator. */
export interface LiveScorer {
  id: string;
  email: string;
}

/** The Live screen's words for refusals (rules §2 Live scoring). */
const LIVE_MESSAGES = {
  noMatch: "This match is not on today's list.",
  notNow: "That cannot be recorded at this point of the match.",
  heldBy: (holder: string) => `${holder} is scoring this match. Take over to record events here.`,
  fullTime: "Full time is recorded: correct the result in Manage Fixtures.",
  nothingToUndo: "There is nothing to undo.",
} as const;

const ACTIVITY_SCREEN = "live";

/** The instants of the club-time day `now` falls in: [start, end). */
function clubDay({ now, timeZone }: { now: Date; timeZone: string }) {
  const day = clubDates({ timeZone }).toDateInputValue(now);
  const start = fromClubDateTime({ day, time: "00:00", timeZone });
  const next = new Date(`${day}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const end = fromClubDateTime({ day: next.toISOString().slice(0, 10), time: "00:00", timeZone });
  return { start, end };
}

/** rules §2 Live scoring: today's matches in club time, by kick-off; called-off ones left out. */
export async function listTodaysMatches({ now }: { now: Date }) {
  const { details } = await getClub();
  const { start, end } = clubDay({ now, timeZone: details.timeZone });
  const rows = await db()
    .select()
    .from(fixtures)
    .where(and(gte(fixtures.date, start), lt(fixtures.date, end)))
    .orderBy(asc(fixtures.date), asc(fixtures.id));
  return rows.filter((fixture) => !isCalledOff(fixture.status));
}

async function eventsOf(fixtureId: string): Promise<MatchEvent[]> {
  return db()
    .select()
    .from(matchEvents)
    .where(eq(matchEvents.fixtureId, fixtureId))
    .orderBy(asc(matchEvents.seq));
}

const asLiveEvent = (row: MatchEvent): LiveEvent => row;

/** The names the timeline and banner use: the club's team name and the opponent. */
async function namesFor(fixture: { opponent: string }) {
  const { details } = await getClub();
  return { us: details.shortName || details.teamName, them: fixture.opponent };
}

/** A match's live state, or null when it has no events (not followed live). */
export async function getLiveState({ fixtureId }: { fixtureId: string }): Promise<{
  state: LiveState;
  names: { us: string; them: string };
} | null> {
  const events = await eventsOf(fixtureId);
  if (events.length === 0) return null;
  const fixture = await getFixture({ id: fixtureId });
  if (!fixture) return null;
  const names = await namesFor(fixture);
  return { state: liveState(events.map(asLiveEvent), names), names };
}

/** The highest event seq so far (0: none): where a new follower's fan-out starts. */
export async function lastEventSeq(): Promise<number> {
  const [row] = await db()
    .select({ seq: max(matchEvents.seq) })
    .from(matchEvents);
  return Number(row?.seq ?? 0);
}

/** The matches with events after `seq`, and the newest seq (the fan-out's one query per notice). */
export async function matchesChangedSince({
  seq,
}: {
  seq: number;
}): Promise<{ fixtureIds: string[]; lastSeq: number }> {
  const rows = await db()
    .selectDistinct({ fixtureId: matchEvents.fixtureId, seq: matchEvents.seq })
    .from(matchEvents)
    .where(gt(matchEvents.seq, seq));
  return {
    fixtureIds: [...new Set(rows.map((row) => row.fixtureId))],
    lastSeq: rows.reduce((high, row) => Math.max(high, row.seq), seq),
  };
}

/**
 * rules §2 Following live: the matches of today under way (kicked off, not at full time), for
 * the home page's banner, with their state.
 */
export async function listLiveMatches({ now }: { now: Date }) {
  const today = await listTodaysMatches({ now });
  if (today.length === 0) return [];
  const rows = await db()
    .select()
    .from(matchEvents)
    .where(
      inArray(
        matchEvents.fixtureId,
        today.map((fixture) => fixture.id),
      ),
    )
    .orderBy(asc(matchEvents.seq));
  const { details } = await getClub();
  const us = details.shortName || details.teamName;
  return today.flatMap((fixture) => {
    const events = rows.filter((row) => row.fixtureId === fixture.id);
    if (events.length === 0) return [];
    const names = { us, them: fixture.opponent };
    const state = liveState(events.map(asLiveEvent), names);
    return state.phase === "not-started" || state.phase === "full-time"
      ? []
      : [{ fixtureId: fixture.id, names, state }];
  });
}

export interface ScoringHold {
  holder: string;
  administratorId: string;
  heartbeatAt: Date;
}

/** Who scores the match now; null when nobody does (or their hold lapsed). */
async function getScoringHold({
  fixtureId,
  now,
}: {
  fixtureId: string;
  now: Date;
}): Promise<ScoringHold | null> {
  const [row] = await db().select().from(liveScorers).where(eq(liveScorers.fixtureId, fixtureId));
  return row && !isLockStale({ heartbeatAt: row.heartbeatAt, now }) ? row : null;
}

/**
 * ADR 036: takes the match for `scorer` (Start scoring, Take over), or renews their hold (the
 * screen's heartbeat). `takeOver: false` leaves a live hold of someone else alone.
 */
export async function holdScoring({
  fixtureId,
  scorer,
  now,
  takeOver,
}: {
  fixtureId: string;
  scorer: LiveScorer;
  now: Date;
  takeOver: boolean;
}): Promise<{ held: true } | { held: false; holder: string }> {
  const [row] = await db()
    .insert(liveScorers)
    .values({ fixtureId, administratorId: scorer.id, holder: scorer.email, heartbeatAt: now })
    .onConflictDoNothing()
    .returning();
  if (row) return { held: true };
  const current = await getScoringHold({ fixtureId, now });
  if (current && current.administratorId !== scorer.id && !takeOver) {
    return { held: false, holder: current.holder };
  }
  await db()
    .update(liveScorers)
    .set({ administratorId: scorer.id, holder: scorer.email, heartbeatAt: now })
    .where(eq(liveScorers.fixtureId, fixtureId));
  return { held: true };
}

/** What the scorer sends with one event (parsed by live-event.schema.ts). */
export interface LiveEventInput {
  fixtureId: string;
  requestId: string;
  kind: Exclude<MatchEventKind, "undo">;
  player?: string | undefined;
  minute?: number | undefined;
  ownGoal?: boolean | undefined;
  card?: "yellow" | "red" | undefined;
  pensUs?: number | undefined;
  pensThem?: number | undefined;
  comment?: string | undefined;
  /** The phone's clock when it happened, and at the send (ms); absent without scripts. */
  happenedAt?: number | undefined;
  sentAt?: number | undefined;
}

export type LiveOutcome =
  | { ok: true; seq: number; duplicate: boolean }
  | { ok: false; message: string; status: number };

/**
 * rules §2 Live scoring, ADR 036: records one event, once per request id (a second send from
 * the outbox answers the first one's outcome), in one transaction with the activity record.
 * Ordered by when it happened on the phone, corrected by that phone's clock offset; checked
 * against the match's phase at that moment, so an event kept offline still lands when later
 * ones arrived first. Full time writes the result as the result form would.
 */
export async function recordLiveEvent({
  input,
  scorer,
  receivedAt = new Date(),
}: {
  input: LiveEventInput;
  scorer: LiveScorer;
  receivedAt?: Date;
}): Promise<LiveOutcome> {
  // Read before the transaction: on the embedded database (one connection) a read of the club
  // that another request started would wait for this transaction, and this one for it.
  const { details } = await getClub();
  const us = details.shortName || details.teamName;
  return db().transaction((tx) =>
    withTransactionScope(tx, async () => {
      const [already] = await db()
        .select({ seq: matchEvents.seq })
        .from(matchEvents)
        .where(eq(matchEvents.requestId, input.requestId));
      if (already) return { ok: true, seq: already.seq, duplicate: true } as const;
      const fixture = await getFixture({ id: input.fixtureId });
      if (!fixture || isCalledOff(fixture.status)) {
        return { ok: false, message: LIVE_MESSAGES.noMatch, status: 404 } as const;
      }
      const hold = await holdScoring({
        fixtureId: fixture.id,
        scorer,
        now: receivedAt,
        takeOver: false,
      });
      if (!hold.held) return { ok: false, message: LIVE_MESSAGES.heldBy(hold.holder), status: 409 };
      const events = (await eventsOf(fixture.id)).map(asLiveEvent);
      const happenedAt = correctedTime({
        happenedAt: input.happenedAt ?? null,
        sentAt: input.sentAt ?? null,
        receivedAt,
      });
      const names = { us, them: fixture.opponent };
      const now = liveState(events, names);
      if (now.phase === "full-time") {
        return { ok: false, message: LIVE_MESSAGES.fullTime, status: 409 } as const;
      }
      // The phase when it happened: what came before it on the pitch.
      const before = liveState(
        events.filter((event) => event.happenedAt <= happenedAt),
        names,
      );
      const cup = isCupType(fixture.type);
      if (!allowedKinds({ phase: before.phase, cup }).includes(input.kind)) {
        return { ok: false, message: LIVE_MESSAGES.notNow, status: 409 } as const;
      }
      const [row] = await db()
        .insert(matchEvents)
        .values({
          fixtureId: fixture.id,
          kind: input.kind,
          player: input.player ?? null,
          minute: input.minute ?? null,
          ownGoal: input.ownGoal ?? false,
          card: input.kind === "card" ? (input.card ?? "yellow") : null,
          pensUs: input.kind === "penalties" ? (input.pensUs ?? null) : null,
          pensThem: input.kind === "penalties" ? (input.pensThem ?? null) : null,
          comment: input.comment ?? null,
          happenedAt,
          receivedAt,
          requestId: input.requestId,
          createdBy: scorer.id,
        })
        // A concurrent send of the same request: the first one's row stands.
        .onConflictDoNothing()
        .returning();
      if (!row) return { ok: true, seq: 0, duplicate: true } as const;
      if (input.kind === "full-time") {
        await writeResult({ fixture, events: [...events, asLiveEvent(row)] });
      }
      await recordActivity({
        actor: scorer,
        screen: ACTIVITY_SCREEN,
        action: input.kind,
        recordId: fixture.id,
        label: `Fixture v ${fixture.opponent}`,
      });
      return { ok: true, seq: row.seq, duplicate: false } as const;
    }),
  );
}

/**
 * rules §2 Live scoring: "Undo last event" takes back the last event recorded (not yet
 * taken back), as an `undo` event, once per request id. Full time is not undone here: the
 * result is corrected in Manage Fixtures.
 */
export async function undoLastEvent({
  fixtureId,
  requestId,
  scorer,
  receivedAt = new Date(),
}: {
  fixtureId: string;
  requestId: string;
  scorer: LiveScorer;
  receivedAt?: Date;
}): Promise<LiveOutcome> {
  return db().transaction((tx) =>
    withTransactionScope(tx, async () => {
      const [already] = await db()
        .select({ seq: matchEvents.seq })
        .from(matchEvents)
        .where(eq(matchEvents.requestId, requestId));
      if (already) return { ok: true, seq: already.seq, duplicate: true } as const;
      const hold = await holdScoring({ fixtureId, scorer, now: receivedAt, takeOver: false });
      if (!hold.held) return { ok: false, message: LIVE_MESSAGES.heldBy(hold.holder), status: 409 };
      const events = await eventsOf(fixtureId);
      const undone = new Set(events.map((event) => event.undoes));
      const last = events.findLast((event) => event.kind !== "undo" && !undone.has(event.seq));
      if (!last) return { ok: false, message: LIVE_MESSAGES.nothingToUndo, status: 409 } as const;
      if (events.some((event) => event.kind === "full-time" && !undone.has(event.seq))) {
        return { ok: false, message: LIVE_MESSAGES.fullTime, status: 409 } as const;
      }
      const [row] = await db()
        .insert(matchEvents)
        .values({
          fixtureId,
          kind: "undo",
          undoes: last.seq,
          happenedAt: receivedAt,
          receivedAt,
          requestId,
          createdBy: scorer.id,
        })
        .onConflictDoNothing()
        .returning();
      await recordActivity({
        actor: scorer,
        screen: ACTIVITY_SCREEN,
        action: "undo",
        recordId: fixtureId,
        label: `Undo: ${last.kind}`,
      });
      return { ok: true, seq: row?.seq ?? 0, duplicate: !row } as const;
    }),
  );
}

/**
 * rules §2 Live scoring: full time becomes the result through the fixtures' own update (the
 * table row, player figures, form, results tab, calendar feed and JSON-LD follow from it), and
 * the result e-mail is queued as when the result form is saved.
 */
async function writeResult({
  fixture,
  events,
}: {
  fixture: NonNullable<Awaited<ReturnType<typeof getFixture>>>;
  events: LiveEvent[];
}): Promise<void> {
  const result = resultOf(events, { ownGoalName: club.scorerExtras[0] ?? "Own Goal" });
  // Cards are the match details' figures; with cards recorded, the scorers and the carded
  // players count as having played (the result form can add the rest of who played).
  const players =
    result.cards.length > 0 || fixture.players
      ? mergePlayers({
          recorded: fixture.players ?? [],
          names: result.scorers.map((scorer) => scorer.name).filter((name) => name !== "Own Goal"),
          cards: result.cards,
        })
      : null;
  const updated = await updateFixture({
    id: fixture.id,
    values: {
      opponent: fixture.opponent,
      location: fixture.location,
      date: fixture.date ?? new Date(),
      timeTbc: fixture.timeTbc,
      type: fixture.type,
      stage: fixture.stage,
      status: "played",
      homeScore: result.homeScore,
      awayScore: result.awayScore,
      pensHome: result.pensHome,
      pensAway: result.pensAway,
      scorers: result.scorers,
      players,
    },
  });
  if (updated) await mailResult(updated);
}

function mergePlayers({
  recorded,
  names,
  cards,
}: {
  recorded: { name: string; assists: number; yellowCards: number; redCards: number }[];
  names: string[];
  cards: { name: string; yellowCards: number; redCards: number }[];
}) {
  const rows = new Map(recorded.map((row) => [row.name, { ...row }]));
  for (const name of names) {
    if (!rows.has(name)) rows.set(name, { name, assists: 0, yellowCards: 0, redCards: 0 });
  }
  for (const card of cards) {
    const row = rows.get(card.name) ?? { name: card.name, assists: 0, yellowCards: 0, redCards: 0 };
    row.yellowCards = card.yellowCards;
    row.redCards = card.redCards;
    rows.set(card.name, row);
  }
  return [...rows.values()];
}

/** The Live screen's match: the fixture, its state, who scores, and whether it is a cup match. */
export async function getLiveMatch({ fixtureId, now }: { fixtureId: string; now: Date }) {
  const fixture = await getFixture({ id: fixtureId });
  if (!fixture) return null;
  const events = await eventsOf(fixtureId);
  const names = await namesFor(fixture);
  const state = liveState(events.map(asLiveEvent), names);
  const cup = isCupType(fixture.type);
  return {
    fixture,
    names,
    state,
    cup,
    allowed: allowedKinds({ phase: state.phase, cup }),
    hold: await getScoringHold({ fixtureId, now }),
  };
}

/** ADR 036: "Take over" on the Live screen: this person scores the match now; recorded. */
export async function takeOverScoring({
  fixtureId,
  scorer,
  now = new Date(),
}: {
  fixtureId: string;
  scorer: LiveScorer;
  now?: Date;
}): Promise<LiveOutcome> {
  return db().transaction((tx) =>
    withTransactionScope(tx, async () => {
      const fixture = await getFixture({ id: fixtureId });
      if (!fixture) return { ok: false, message: LIVE_MESSAGES.noMatch, status: 404 } as const;
      await holdScoring({ fixtureId, scorer, now, takeOver: true });
      await recordActivity({
        actor: scorer,
        screen: ACTIVITY_SCREEN,
        action: "take-over",
        recordId: fixtureId,
        label: `Fixture v ${fixture.opponent}`,
      });
      return { ok: true, seq: 0, duplicate: false } as const;
    }),
  );
}
