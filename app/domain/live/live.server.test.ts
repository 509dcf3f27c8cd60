import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { buildFixture } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import { activity, administrators, fixtures, matchEvents } from "../../db/schema.ts";
import {
  getLiveMatch,
  getLiveState,
  holdScoring,
  type LiveEventInput,
  type LiveScorer,
  listLiveMatches,
  listTodaysMatches,
  matchesChangedSince,
  recordLiveEvent,
  undoLastEvent,
} from "./live.server.ts";

// Live matches (ADR 036) on a real database: events applied once per request id, ordered by
// the phone's corrected clock, one scorer at a time with take-over, and full time becoming
// the result through the fixtures' own update.

describeWithDatabases("live matches", ({ db }) => {
  let secretary: LiveScorer;
  let other: LiveScorer;
  const admin = async (email: string) => {
    const [row] = await db()
      .insert(administrators)
      .values({ email, passwordHash: "x", roles: ["results-secretary"] })
      .returning({ id: administrators.id, email: administrators.email });
    return { id: row?.id ?? "", email };
  };
  beforeAll(async () => {
    secretary = await admin("scorer@example.org");
    other = await admin("second@example.org");
  });

  const kickOff = new Date();
  const newMatch = async (type = "AIPF League") => {
    const [row] = await db()
      .insert(fixtures)
      .values(buildFixture({ opponent: "Belfast", date: kickOff, type }))
      .returning();
    if (!row) throw new Error("no fixture");
    return row;
  };
  const record = (
    fixtureId: string,
    kind: LiveEventInput["kind"],
    extra: Partial<LiveEventInput> = {},
    scorer = secretary,
  ) =>
    recordLiveEvent({
      input: { fixtureId, requestId: randomUUID(), kind, ...extra },
      scorer,
    });

  it("lists today's matches in club time", async () => {
    const match = await newMatch();
    const ids = (await listTodaysMatches({ now: kickOff })).map((fixture) => fixture.id);
    expect(ids).toContain(match.id);
    const tomorrow = new Date(kickOff.getTime() + 2 * 86_400_000);
    expect((await listTodaysMatches({ now: tomorrow })).map((f) => f.id)).not.toContain(match.id);
  });

  it("applies an event once per request id, however often it is sent", async () => {
    const match = await newMatch();
    await record(match.id, "kick-off");
    const input: LiveEventInput = {
      fixtureId: match.id,
      requestId: randomUUID(),
      kind: "goal-us",
      player: "Aoife Byrne",
      minute: 7,
    };
    const first = await recordLiveEvent({ input, scorer: secretary });
    const again = await recordLiveEvent({ input, scorer: secretary });
    const concurrent = await Promise.all([
      recordLiveEvent({ input, scorer: secretary }),
      recordLiveEvent({ input, scorer: secretary }),
    ]);
    expect(first).toMatchObject({ ok: true, duplicate: false });
    expect(again).toMatchObject({ ok: true, duplicate: true });
    expect(concurrent.every((outcome) => outcome.ok)).toBe(true);
    const live = await getLiveState({ fixtureId: match.id });
    expect(live?.state).toMatchObject({ phase: "first-half", us: 1, them: 0 });
    const rows = await db().select().from(matchEvents).where(eq(matchEvents.fixtureId, match.id));
    expect(rows).toHaveLength(2);
    // Activity records who scored, on the Live screen.
    const recorded = await db().select().from(activity).where(eq(activity.recordId, match.id));
    expect(recorded.map((row) => [row.action, row.screen, row.actor])).toEqual([
      ["kick-off", "live", "scorer@example.org"],
      ["goal-us", "live", "scorer@example.org"],
    ]);
  });

  it("orders a goal kept offline by when it happened on the phone, corrected by its clock", async () => {
    const match = await newMatch();
    const t0 = Date.now();
    await recordLiveEvent({
      input: { fixtureId: match.id, requestId: randomUUID(), kind: "kick-off" },
      scorer: secretary,
      receivedAt: new Date(t0),
    });
    await recordLiveEvent({
      input: { fixtureId: match.id, requestId: randomUUID(), kind: "half-time" },
      scorer: secretary,
      receivedAt: new Date(t0 + 21 * 60_000),
    });
    // The goal happened at 10' on a phone whose clock is 5 minutes fast, and arrived at 25'.
    const fast = 5 * 60_000;
    const goal = await recordLiveEvent({
      input: {
        fixtureId: match.id,
        requestId: randomUUID(),
        kind: "goal-them",
        minute: 10,
        happenedAt: t0 + 10 * 60_000 + fast,
        sentAt: t0 + 25 * 60_000 + fast,
      },
      scorer: secretary,
      receivedAt: new Date(t0 + 25 * 60_000),
    });
    expect(goal).toMatchObject({ ok: true });
    const [row] = await db()
      .select()
      .from(matchEvents)
      .where(eq(matchEvents.seq, goal.ok ? goal.seq : 0));
    expect(row?.happenedAt.getTime()).toBe(t0 + 10 * 60_000);
    const live = await getLiveState({ fixtureId: match.id });
    expect(live?.state.timeline.map((entry) => entry.kind)).toEqual([
      "kick-off",
      "goal-them",
      "half-time",
    ]);
    // A goal that happened during half-time is refused.
    expect(
      await recordLiveEvent({
        input: { fixtureId: match.id, requestId: randomUUID(), kind: "goal-us", player: "Aoife" },
        scorer: secretary,
        receivedAt: new Date(t0 + 26 * 60_000),
      }),
    ).toMatchObject({ ok: false, status: 409 });
  });

  it("lets one person score at a time; another takes over and sees the events so far", async () => {
    const match = await newMatch();
    await record(match.id, "kick-off");
    const refused = await record(match.id, "goal-them", {}, other);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused.ok ? "" : refused.message).toContain("scorer@example.org");
    expect(
      await holdScoring({ fixtureId: match.id, scorer: other, now: new Date(), takeOver: true }),
    ).toEqual({ held: true });
    expect(await record(match.id, "goal-them", {}, other)).toMatchObject({ ok: true });
    const seen = await getLiveMatch({ fixtureId: match.id, now: new Date() });
    expect(seen?.hold?.holder).toBe("second@example.org");
    expect(seen?.state.timeline.map((entry) => entry.kind)).toEqual(["kick-off", "goal-them"]);
    expect(await record(match.id, "goal-us", { player: "Aoife" })).toMatchObject({ ok: false });
  });

  it("undoes the last event, once per request id", async () => {
    const match = await newMatch();
    await record(match.id, "kick-off");
    await record(match.id, "goal-us", { player: "Aoife", minute: 3 });
    const requestId = randomUUID();
    expect(
      await undoLastEvent({ fixtureId: match.id, requestId, scorer: secretary }),
    ).toMatchObject({ ok: true, duplicate: false });
    expect(
      await undoLastEvent({ fixtureId: match.id, requestId, scorer: secretary }),
    ).toMatchObject({ ok: true, duplicate: true });
    expect((await getLiveState({ fixtureId: match.id }))?.state).toMatchObject({ us: 0 });
    const { fixtureIds } = await matchesChangedSince({ seq: 0 });
    expect(fixtureIds).toContain(match.id);
    expect((await listLiveMatches({ now: new Date() })).map((m) => m.fixtureId)).toContain(
      match.id,
    );
  });

  it("makes full time the result, as the result form would", async () => {
    const match = await newMatch("Shannonside Memorial Cup 25/26");
    await record(match.id, "kick-off");
    await record(match.id, "goal-us", { player: "Aoife Byrne", minute: 4 });
    await record(match.id, "card", { player: "Ciara Walsh", card: "yellow", minute: 8 });
    await record(match.id, "half-time");
    await record(match.id, "second-half");
    await record(match.id, "goal-them", { minute: 30 });
    await record(match.id, "penalties", { pensUs: 3, pensThem: 1 });
    expect(await record(match.id, "full-time")).toMatchObject({ ok: true });
    const [stored] = await db().select().from(fixtures).where(eq(fixtures.id, match.id));
    expect(stored).toMatchObject({
      status: "played",
      homeScore: 1,
      awayScore: 1,
      pensHome: 3,
      pensAway: 1,
      scorers: [{ name: "Aoife Byrne", minute: 4 }],
      sequence: 1,
    });
    expect(stored?.players).toEqual([
      { name: "Aoife Byrne", assists: 0, yellowCards: 0, redCards: 0 },
      { name: "Ciara Walsh", assists: 0, yellowCards: 1, redCards: 0 },
    ]);
    // After full time, corrections go through Manage Fixtures.
    expect(await record(match.id, "goal-us", { player: "Aoife" })).toMatchObject({ ok: false });
    expect(
      await undoLastEvent({ fixtureId: match.id, requestId: randomUUID(), scorer: secretary }),
    ).toMatchObject({ ok: false });
  });
});
