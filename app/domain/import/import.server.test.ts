import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { buildTableRow, buildTeamMember } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import {
  CLUB_TEAM,
  OLD_SITE_COUNTS,
  oldId,
  oldSiteData,
  oldSiteExport,
  UNSAFE_MARKERS,
} from "../../../tests/old-site-export.ts";
import type { Database } from "../../db/database.server.ts";
import { fixtures, importedRecords, leagueTable, news, teamMembers } from "../../db/schema.ts";
import { outcome, scoreText } from "../fixtures/rules.ts";
import {
  importExport,
  importedRecordId,
  importedTeamMemberBySlug,
  importPrepared,
} from "./import.server.ts";
import { COLLECTIONS, IMPORT_REPORT_MAX_LISTED, type ImportReport } from "./rules.ts";

// The import on a real database (ADR 009): the realistic export in every timestamp shape,
// a second run that changes nothing, a dry run that writes nothing, a broken export, and the
// safety rules (never delete, never overwrite a change made here, all or nothing).

const json = (value: unknown) => JSON.stringify(value);

async function counts(db: Database) {
  const [n] = await db.select({ n: count() }).from(news);
  const [f] = await db.select({ n: count() }).from(fixtures);
  const [t] = await db.select({ n: count() }).from(leagueTable);
  const [m] = await db.select({ n: count() }).from(teamMembers);
  return { news: n?.n, fixtures: f?.n, leagueTable: t?.n, team: m?.n };
}

/** Every content row with its last change, to show a run changed nothing. */
async function snapshot(db: Database) {
  return {
    news: await db.select().from(news).orderBy(news.id),
    fixtures: await db.select().from(fixtures).orderBy(fixtures.id),
    table: await db.select().from(leagueTable).orderBy(leagueTable.id),
    team: await db.select().from(teamMembers).orderBy(teamMembers.id),
    imported: await db
      .select()
      .from(importedRecords)
      .orderBy(importedRecords.collection, importedRecords.legacyId),
  };
}

const totals = (report: ImportReport) =>
  Object.fromEntries(COLLECTIONS.map((c) => [c, report.collections[c]]));

describeWithDatabases("importing the old site's export", ({ db }) => {
  const data = oldSiteData();

  it("ADR 025: lists at most IMPORT_REPORT_MAX_LISTED records and problems, counting all (130,000 overflowed the stack)", async () => {
    const documents = Array.from({ length: 130_000 }, (_, index) => ({
      row: index + 1,
      id: `d${index}`,
      data: 7,
    }));
    const report = await importPrepared({
      prepared: {
        collections: { news: documents, fixtures: [], leagueTable: [], team: [] },
        ignored: [],
      },
      dryRun: true,
    });
    expect(report.collections.news).toMatchObject({ found: 130_000, skipped: 130_000 });
    expect(report.records).toHaveLength(IMPORT_REPORT_MAX_LISTED);
    expect(report.problems).toHaveLength(IMPORT_REPORT_MAX_LISTED);
    expect(report.notes.join(" ")).toContain(
      "129,500 more records and 129,500 more problems are counted in the totals but not listed.",
    );
  });

  it("a dry run reports what it would create and writes nothing", async () => {
    const progress: number[] = [];
    const report = await importExport({
      json: json(oldSiteExport({ timestamps: "_seconds" })),
      dryRun: true,
      onProgress: ({ collection, done }) => {
        if (collection === "news") progress.push(done);
      },
    });
    expect(report.refused).toBeNull();
    expect(report.dryRun).toBe(true);
    for (const c of COLLECTIONS) {
      expect(report.collections[c]).toEqual({
        found: OLD_SITE_COUNTS[c],
        created: OLD_SITE_COUNTS[c],
        updated: 0,
        unchanged: 0,
        skipped: 0,
        failed: null,
      });
    }
    expect(progress).toHaveLength(OLD_SITE_COUNTS.news);
    expect(progress.at(-1)).toBe(OLD_SITE_COUNTS.news);
    expect(await counts(db())).toEqual({ news: 0, fixtures: 0, leagueTable: 0, team: 0 });
    expect(await db().select().from(importedRecords)).toEqual([]);
  });

  it("imports 200 news, 80 fixtures, a 10-team table and 15 people ({_seconds} timestamps)", async () => {
    const report = await importExport({ json: json(oldSiteExport({ timestamps: "_seconds" })) });
    expect(totals(report)).toEqual({
      news: { found: 200, created: 200, updated: 0, unchanged: 0, skipped: 0, failed: null },
      fixtures: { found: 80, created: 80, updated: 0, unchanged: 0, skipped: 0, failed: null },
      leagueTable: { found: 10, created: 10, updated: 0, unchanged: 0, skipped: 0, failed: null },
      team: { found: 15, created: 15, updated: 0, unchanged: 0, skipped: 0, failed: null },
    });
    expect(report.problems.filter((p) => p.severity === "error")).toEqual([]);
    expect(await counts(db())).toEqual({ news: 200, fixtures: 80, leagueTable: 10, team: 15 });
  });

  it("keeps every news field, the date to the millisecond", async () => {
    for (const n of [1, 2, 3, 150]) {
      const legacyId = oldId("news", n);
      const old = data.news[legacyId] as Record<string, unknown>;
      const id = await importedRecordId({ collection: "news", legacyId });
      const [row] = await db()
        .select()
        .from(news)
        .where(eq(news.id, id ?? ""));
      expect(row).toMatchObject({
        title: old.title,
        content: old.content,
        image: old.image ?? null,
        category: old.category ?? null,
        date: old.date,
      });
    }
  });

  it("keeps every fixture field; score and result computed as the old site stored them", async () => {
    const rows = await db().select().from(fixtures);
    const byId = new Map(rows.map((row) => [row.id, row]));
    let penalties = 0;
    for (const [legacyId, old] of Object.entries(data.fixtures)) {
      const id = await importedRecordId({ collection: "fixtures", legacyId });
      const row = byId.get(id ?? "");
      expect(row, legacyId).toBeDefined();
      if (!row) continue;
      expect(row).toMatchObject({
        opponent: old.opponent,
        location: old.location,
        date: old.date,
        timeTbc: old.timeTBC,
        type: old.type,
        stage: old.stage ? old.stage : null,
        homeScore: old.homeScore === null ? null : Number(old.homeScore),
        awayScore: old.awayScore === null ? null : Number(old.awayScore),
        pensHome: old.pensHome ?? null,
        pensAway: old.pensAway ?? null,
        scorers: old.scorers,
      });
      expect(scoreText(row) ?? "").toBe(old.score);
      expect(outcome(row) ?? "").toBe(old.result);
      if (row.pensHome !== null) penalties++;
    }
    expect(penalties).toBe(7);
  });

  it("keeps the league table, numbers written as text included", async () => {
    const rows = await db().select().from(leagueTable);
    expect(rows.map((row) => row.team).sort()).toEqual(
      Object.values(data.leagueTable)
        .map((row) => row.team)
        .sort(),
    );
    const fourth = rows.find((row) => row.team === data.leagueTable[oldId("leagueTable", 4)]?.team);
    expect(fourth).toMatchObject({ played: 9, won: 6, drawn: 0, lost: 3, points: 18 });
    expect(rows.find((row) => row.team === CLUB_TEAM)?.logo).toBe(
      "https://firebasestorage.example.com/logos/0.png",
    );
  });

  it("keeps people with their slugs, defaults for missing fields, and bios made safe", async () => {
    const rows = await db().select().from(teamMembers);
    expect(rows.filter((row) => row.role === "Player")).toHaveLength(12);
    expect(rows.filter((row) => row.role === "Head Coach").map((r) => r.name)).toEqual([
      "Mary Fitzgerald",
    ]);
    for (const row of rows) {
      for (const marker of UNSAFE_MARKERS) expect(row.bio, row.name).not.toContain(marker);
    }
    const aoife = rows.find((row) => row.name === "Aoife Byrne");
    expect(aoife).toMatchObject({
      slug: "aoife-byrne",
      number: "1",
      bio: "<p>Loves the game.</p>",
      image: "https://firebasestorage.example.com/team/1.jpg",
    });
    // 'Seán Ó Briain' kept his old slug; 'Orla_Brennan' could not be an address here.
    expect(rows.find((row) => row.name === "Seán Ó Briain")?.slug).toBe("sean-o-briain");
    const orla = rows.find((row) => row.name === "Orla Brennan");
    expect(orla?.slug).toBe("orla-brennan");
    expect(await importedTeamMemberBySlug({ legacySlug: "Orla_Brennan" })).toBe(orla?.id);
    const tadhg = rows.find((row) => row.name === "Tadhg Quinn");
    expect(tadhg).toMatchObject({
      classification: "TBD",
      playingSince: "TBD",
      image: null,
      bio: "",
      assists: 0,
      goals: 12,
    });
  });

  it("a second run of the same file changes nothing", async () => {
    const before = await snapshot(db());
    const report = await importExport({ json: json(oldSiteExport({ timestamps: "_seconds" })) });
    for (const c of COLLECTIONS) {
      expect(report.collections[c]).toMatchObject({
        created: 0,
        updated: 0,
        unchanged: OLD_SITE_COUNTS[c],
        skipped: 0,
      });
    }
    expect(await snapshot(db())).toEqual(before);
  });

  for (const [timestamps, outer] of [
    ["seconds", "plain"],
    ["datatype", "__collections__"],
    ["iso", "plain"],
    ["iso", "__collections__"],
  ] as const) {
    it(`the same export with ${timestamps} timestamps (${outer}) is read as the same content`, async () => {
      const before = await snapshot(db());
      const report = await importExport({ json: json(oldSiteExport({ timestamps, outer })) });
      for (const c of COLLECTIONS) {
        expect(report.collections[c], c).toMatchObject({
          found: OLD_SITE_COUNTS[c],
          created: 0,
          updated: 0,
          unchanged: OLD_SITE_COUNTS[c],
        });
      }
      expect(await snapshot(db())).toEqual(before);
    });
  }

  it("updates what changed on the old site, but never what was changed here since", async () => {
    const changed = oldSiteData();
    const edited = oldId("news", 5);
    const untouched = oldId("news", 6);
    (changed.news[edited] as Record<string, unknown>).title = "Corrected title 5";
    (changed.news[untouched] as Record<string, unknown>).title = "Corrected title 6";
    // Meanwhile an administrator edited item 5 here.
    const editedId = (await importedRecordId({ collection: "news", legacyId: edited })) ?? "";
    await db()
      .update(news)
      .set({ title: "Edited here", updatedAt: new Date() })
      .where(eq(news.id, editedId));

    const report = await importExport({ json: json(oldSiteExport({ data: changed })) });
    expect(report.collections.news).toMatchObject({ updated: 1, unchanged: 198, skipped: 1 });
    expect(report.problems).toContainEqual(
      expect.objectContaining({
        collection: "news",
        id: edited,
        row: 5,
        severity: "error",
        reason: expect.stringContaining("this site's version is kept"),
      }),
    );
    const [kept] = await db().select().from(news).where(eq(news.id, editedId));
    expect(kept?.title).toBe("Edited here");
    const updatedId = await importedRecordId({ collection: "news", legacyId: untouched });
    const [updated] = await db()
      .select()
      .from(news)
      .where(eq(news.id, updatedId ?? ""));
    expect(updated?.title).toBe("Corrected title 6");
    // Updated in place: the old address still leads to the same record.
    expect(report.records.find((r) => r.id === untouched)).toMatchObject({
      action: "updated",
      recordId: updatedId,
      address: `/news/${updatedId}`,
    });
  });

  it("never deletes, and does not bring back what was deleted here", async () => {
    const gone = oldId("fixtures", 3);
    const goneId = (await importedRecordId({ collection: "fixtures", legacyId: gone })) ?? "";
    await db().delete(fixtures).where(eq(fixtures.id, goneId));
    // A file with only some of the documents: the others stay.
    const all = oldSiteExport().fixtures as Record<string, unknown>;
    const partial = { fixtures: { [gone]: all[gone] } };
    const report = await importExport({ json: json(partial) });
    expect(report.collections.fixtures).toMatchObject({ found: 1, skipped: 1, created: 0 });
    expect(report.problems[0]?.reason).toMatch(/^Deleted on this site since an earlier import/);
    expect(await counts(db())).toEqual({ news: 200, fixtures: 79, leagueTable: 10, team: 15 });
  });

  it("does not add a second row for a team already in the table, nor take a slug in use", async () => {
    await db()
      .insert(leagueTable)
      .values(buildTableRow({ team: "Tralee Titans" }));
    await db()
      .insert(teamMembers)
      .values(buildTeamMember({ name: "Ann Other", slug: "ann-other" }));
    const report = await importExport({
      json: json({
        leagueTable: {
          t1: { team: "tralee titans", played: 0, won: 0, drawn: 0, lost: 0, gf: 0, ga: 0 },
        },
        team: { p1: { name: "Ann Other", slug: "ann-other", role: "Player" } },
      }),
    });
    expect(report.collections.leagueTable).toMatchObject({ skipped: 1, created: 0 });
    expect(report.problems).toContainEqual(
      expect.objectContaining({
        id: "t1",
        field: "team",
        reason: "This team is already in the table.",
      }),
    );
    expect(report.collections.team).toMatchObject({ created: 1 });
    expect(report.problems).toContainEqual(
      expect.objectContaining({
        id: "p1",
        field: "slug",
        severity: "warning",
        reason: "Already used by someone on this site: this person's address is /team/ann-other-2.",
      }),
    );
    expect(report.records.find((r) => r.id === "p1")?.address).toBe("/team/ann-other-2");
  });

  it("a collection stopped halfway writes nothing of it (all or nothing)", async () => {
    const before = await counts(db());
    const controller = new AbortController();
    const documents = Object.fromEntries(
      Array.from({ length: 20 }, (_, n) => [
        `halfway-${n}`,
        { title: `Halfway ${n}`, content: "Body", date: "2025-05-01T10:00:00Z" },
      ]),
    );
    const report = await importExport({
      json: json({ news: documents }),
      signal: controller.signal,
      onProgress: ({ done }) => {
        if (done === 10) controller.abort();
      },
    });
    expect(report.collections.news).toMatchObject({
      found: 20,
      created: 0,
      skipped: 20,
      failed: "Stopped before the end; nothing of this collection was written.",
    });
    expect(await counts(db())).toEqual(before);
  });
});

describeWithDatabases("a broken export", ({ db }) => {
  it("refuses text that is not JSON, and writes nothing", async () => {
    const report = await importExport({ json: '{"news": {"a": {"title": "T",' });
    expect(report.refused).toMatch(/^The file is not JSON \(/);
    expect(await counts(db())).toEqual({ news: 0, fixtures: 0, leagueTable: 0, team: 0 });
  });

  it("refuses JSON of the wrong shape, naming what is wrong", async () => {
    const report = await importExport({ json: json({ posts: { a: { title: "T" } } }) });
    expect(report.refused).toContain(
      "none of the collections news, fixtures, leagueTable or team is in it",
    );
    const list = await importExport({ json: json({ news: [{ title: "T" }] }) });
    expect(list.refused).toContain('"news" should map document ids to documents, but it is a list');
  });

  it("skips a fixture with a score of 25 and a news item without a title, importing the rest", async () => {
    const file = oldSiteExport();
    const bad = file as {
      news: Record<string, Record<string, unknown>>;
      fixtures: Record<string, Record<string, unknown>>;
    };
    const badFixture = oldId("fixtures", 10);
    const badNews = oldId("news", 7);
    (bad.fixtures[badFixture] as Record<string, unknown>).homeScore = 25;
    delete (bad.news[badNews] as Record<string, unknown>).title;

    const report = await importExport({ json: json(file) });
    expect(report.collections.news).toMatchObject({ found: 200, created: 199, skipped: 1 });
    expect(report.collections.fixtures).toMatchObject({ found: 80, created: 79, skipped: 1 });
    expect(report.problems.filter((p) => p.severity === "error")).toEqual([
      {
        collection: "news",
        row: 7,
        id: badNews,
        field: "title",
        value: "(missing)",
        reason: "Please enter a title.",
        severity: "error",
      },
      {
        collection: "fixtures",
        row: 10,
        id: badFixture,
        field: "homeScore",
        value: "25",
        reason: "Choose a score from 0 to 20.",
        severity: "error",
      },
    ]);
    expect(report.records.find((r) => r.id === badFixture)).toMatchObject({
      action: "skipped",
      recordId: null,
    });
    // Nothing of the failing documents was written, not even a lookup entry.
    expect(await importedRecordId({ collection: "news", legacyId: badNews })).toBeNull();
    expect(await importedRecordId({ collection: "fixtures", legacyId: badFixture })).toBeNull();
    expect(await db().select().from(fixtures).where(eq(fixtures.homeScore, 25))).toEqual([]);
    expect(await counts(db())).toEqual({ news: 199, fixtures: 79, leagueTable: 10, team: 15 });
  });
});
