import { count, eq, isNull, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { seedDemoContent } from "../../scripts/demo-content.ts";
import {
  buildFixture,
  buildNews,
  buildTableRow,
  buildTeamMember,
} from "../../scripts/factories.ts";
import { describeWithDatabases } from "../../tests/db.ts";
import { addDays, clubDay, defaultSeasonFor } from "../domain/seasons/rules.ts";
import { getDatabaseHandle } from "./database.server.ts";
import { isContentEmpty } from "./open.server.ts";
import { fixtures, leagueTable, news, rounds, seasons, teamMembers } from "./schema.ts";

describeWithDatabases("database schema", ({ db }) => {
  it("starts empty after migrations and round-trips a row of every content table", async () => {
    expect(await isContentEmpty(db())).toBe(true);
    const [item] = await db()
      .insert(news)
      .values(buildNews({ title: "Hello" }))
      .returning();
    expect(item?.title).toBe("Hello");
    expect(item?.id).toMatch(/^[0-9a-f-]{36}$/);
    await db()
      .insert(fixtures)
      .values(buildFixture({ scorers: [{ name: "Aisling Murphy", minute: 12 }] }));
    await db()
      .insert(leagueTable)
      .values(buildTableRow({ won: 2 }));
    await db()
      .insert(teamMembers)
      .values(buildTeamMember({ name: "John Smith" }));
    const [fixture] = await db().select().from(fixtures);
    expect(fixture?.scorers).toEqual([{ name: "Aisling Murphy", minute: 12 }]);
    expect(await isContentEmpty(db())).toBe(false);
  });

  it("stores instants in UTC and gives them back unchanged", async () => {
    const instant = new Date("2026-03-29T00:30:00.000Z"); // the night Dublin's clocks change
    const [row] = await db()
      .insert(news)
      .values(buildNews({ date: instant }))
      .returning();
    const [read] = await db()
      .select()
      .from(news)
      .where(eq(news.id, row?.id ?? ""));
    expect(read?.date?.toISOString()).toBe(instant.toISOString());
  });

  it("refuses scores outside 0-20, penalties outside 0-10 and a half-entered score", async () => {
    await expect(
      db()
        .insert(fixtures)
        .values(buildFixture({ homeScore: 21, awayScore: 0 })),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(fixtures)
        .values(buildFixture({ homeScore: 1, awayScore: 1, pensHome: 11, pensAway: 0 })),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(fixtures)
        .values(buildFixture({ homeScore: 1, awayScore: null })),
    ).rejects.toThrow();
  });

  it("refuses negative table figures, unknown roles and duplicate slugs", async () => {
    await expect(
      db()
        .insert(leagueTable)
        .values(buildTableRow({ points: -1 })),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(teamMembers)
        .values(buildTeamMember({ role: "Mascot" as "Player" })),
    ).rejects.toThrow();
    await db()
      .insert(teamMembers)
      .values(buildTeamMember({ slug: "same-slug" }));
    await expect(
      db()
        .insert(teamMembers)
        .values(buildTeamMember({ slug: "same-slug" })),
    ).rejects.toThrow();
  });
});

describeWithDatabases("demo content", ({ db }) => {
  it("loads the demo content of rules §3", async () => {
    const now = new Date();
    const summary = await seedDemoContent(db(), now);
    expect(summary).toEqual({ news: 7, team: 12, table: 10, fixtures: 19, messages: 2 });

    const items = await db().select().from(news);
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(items.some((n) => n.category)).toBe(true);
    expect(items.some((n) => !n.category)).toBe(true);
    expect(items.some((n) => !n.image)).toBe(true);

    const people = await db().select().from(teamMembers).orderBy(teamMembers.displayOrder);
    const players = people.filter((p) => p.role === "Player");
    expect(players).toHaveLength(9);
    expect(players.map((p) => p.displayOrder)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(people.filter((p) => p.role === "Head Coach")).toHaveLength(1);
    expect(people.filter((p) => p.role === "Assistant Coach")).toHaveLength(2);

    // This season's table; last season's is kept under the archived season (decisions 24).
    const table = await db().select().from(leagueTable).where(isNull(leagueTable.seasonId));
    expect(table).toHaveLength(10);
    expect(table.map((r) => r.team)).toContain("Shannonside Storm");
    for (const row of table) {
      expect(row.played).toBe(row.won + row.drawn + row.lost);
      expect(row.points).toBe(row.won * 3 + row.drawn);
    }

    // the current season is the one today falls in; the one before is archived.
    const demoSeasons = await db().select().from(seasons).orderBy(seasons.startsOn);
    expect(demoSeasons.map((s) => [s.label, s.isCurrent, s.locked])).toEqual([
      [
        defaultSeasonFor(
          addDays(defaultSeasonFor(clubDay({ date: now, timeZone: "Europe/Dublin" })).startsOn, -1),
        ).label,
        false,
        true,
      ],
      [defaultSeasonFor(clubDay({ date: now, timeZone: "Europe/Dublin" })).label, true, false],
    ]);

    const all = await db().select().from(fixtures);
    expect(all.length).toBeGreaterThanOrEqual(14);
    const past = all.filter((f) => f.date && f.date < now);
    const future = all.filter((f) => f.date && f.date >= now);
    expect(past.length).toBeGreaterThan(3);
    expect(future.length).toBeGreaterThan(3);
    const months = new Set(all.map((f) => f.date?.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(5);
    expect(all.some((f) => f.type.includes("League"))).toBe(true);
    expect(all.some((f) => /cup/i.test(f.type) && f.stage)).toBe(true);
    expect(
      all.some(
        (f) =>
          /cup/i.test(f.type) &&
          f.homeScore !== null &&
          f.homeScore === f.awayScore &&
          f.pensHome !== null &&
          f.pensAway !== null,
      ),
    ).toBe(true);
    expect(all.some((f) => f.type === "Friendly")).toBe(true);
    expect(all.some((f) => f.timeTbc)).toBe(true);
    expect(past.some((f) => f.scorers.length > 0)).toBe(true);
    // One round day with three matches (rules §2 Rounds).
    const [round, ...others] = await db().select().from(rounds);
    expect(others).toEqual([]);
    expect(all.filter((f) => f.roundId === round?.id)).toHaveLength(3);
    expect(round?.venueId).not.toBeNull();
  });

  it("is one transaction: a failing seed leaves nothing behind", async () => {
    const [{ value: before } = { value: 0 }] = await db().select({ value: count() }).from(news);
    await db().execute(
      sql`alter table league_table add constraint demo_block check (team <> 'Newry Knights') not valid`,
    );
    await expect(seedDemoContent(db())).rejects.toThrow();
    await db().execute(sql`alter table league_table drop constraint demo_block`);
    const [{ value: after } = { value: 0 }] = await db().select({ value: count() }).from(news);
    expect(after).toBe(before);
  });
});

describeWithDatabases("queries and other work", ({ db, driver }) => {
  // ADR 007: PGlite answers on this thread; without a pause before each query, a page's
  // loaders and render ran as one long task while every other request waited.
  it("lets work already waiting run before a query is answered", async () => {
    const order: string[] = [];
    setImmediate(() => order.push("waiting work"));
    await db().execute(sql`select 1`);
    order.push("query answered");
    expect(order).toEqual(["waiting work", "query answered"]);
  });

  // ADR 030: queries asked together (a loader's Promise.all) are answered a turn apart, so
  // work that arrives meanwhile runs between them rather than after all of them. PostgreSQL's
  // answers come over the network, in whatever turns they arrive.
  it("answers queries asked together one turn of the event loop apart", async () => {
    const order: string[] = [];
    let turns = 0;
    const otherWork = () => {
      order.push("other work");
      if (++turns < 20) setImmediate(otherWork);
    };
    const asked = [1, 2, 3].map((n) =>
      db()
        .execute(sql`select ${n}`)
        .then(() => order.push(`query ${n}`)),
    );
    setImmediate(otherWork);
    await Promise.all(asked);
    const answered = order.flatMap((entry, index) => (entry.startsWith("query") ? [index] : []));
    expect(answered).toHaveLength(3);
    if (driver !== "pglite") return;
    for (const [i, at] of answered.slice(1).entries()) {
      const before = answered[i] ?? 0;
      expect(at - before, `work between ${order[before]} and ${order[at]}`).toBeGreaterThan(1);
    }
  });

  // ADR 033: inside a transaction too (an import's statements, one after another).
  it("lets work already waiting run before each statement of a transaction", async () => {
    const order: string[] = [];
    await db().transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      setImmediate(() => order.push("waiting work"));
      await tx.execute(sql`select 1`);
      order.push("statement answered");
    });
    expect(order).toEqual(["waiting work", "statement answered"]);
  });

  // ADR 033: the embedded database has one connection, and an import's transaction holds it
  // for seconds; the health check asked just before one started waited for all of it.
  it("answers the health check while a transaction holds the database, one started after it was asked too", async () => {
    const handle = getDatabaseHandle();
    const soon = (promise: Promise<void>) =>
      Promise.race([
        promise.then(() => "answered"),
        new Promise((resolve) => setTimeout(() => resolve("still waiting"), 1_000)),
      ]);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inside = () => {};
    const started = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const asked = handle.ping();
    const transaction = db().transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      inside();
      await held;
    });
    await started;
    const answers = [await soon(asked), await soon(handle.ping())];
    release();
    await transaction;
    expect(answers).toEqual(["answered", "answered"]);
  });
});
