import { eq } from "drizzle-orm";
import { beforeEach, expect, inject, it } from "vitest";
import { buildFixture, buildNews } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import { withTransactionScope } from "../../db/database.server.ts";
import { openDatabase, rowsOf } from "../../db/open.server.ts";
import { activity, fixtures, news, newsRevisions } from "../../db/schema.ts";
import { withActivityContext } from "../activity/activity.server.ts";
import {
  getNews,
  getNewsBySlug,
  listLatestNews,
  listMatchReports,
  listNewsPage,
  listNewsSitemapEntries,
  listNewsWaitingForReview,
} from "./news.server.ts";
import {
  autosaveNewsDraft,
  listNewsRevisions,
  type NewsActor,
  publishDueNews,
  REVISIONS_KEPT,
  restoreNewsRevision,
  saveNewsItem,
} from "./news-workflow.server.ts";
import { NEWS_STATUSES, WORKFLOW_MESSAGES } from "./workflow.ts";

const MINUTE = 60_000;
const contributor: NewsActor = {
  id: "10000000-0000-4000-8000-000000000001",
  email: "parent@club.example",
  canPublish: false,
};
const otherContributor: NewsActor = {
  id: "10000000-0000-4000-8000-000000000002",
  email: "player@club.example",
  canPublish: false,
};
const editor: NewsActor = {
  id: "10000000-0000-4000-8000-000000000003",
  email: "press@club.example",
  canPublish: true,
};

/** Runs a save as an admin action would: inside the actor's activity context. */
const as = <T>(actor: NewsActor, body: () => Promise<T>) =>
  withActivityContext({ actor, screen: "news" }, body);

const activityOf = async (db: () => import("../../db/database.server.ts").Database, id: string) =>
  (await db().select().from(activity).where(eq(activity.recordId, id))).map((row) => ({
    action: row.action,
    actor: row.actor,
  }));

describeWithDatabases("only published news is public (decisions 32)", ({ db }) => {
  it("leaves every other state out of the lists, the item, the sitemap and match reports", async () => {
    const [fixture] = await db().insert(fixtures).values(buildFixture()).returning();
    if (!fixture) throw new Error("no fixture");
    const rows = await db()
      .insert(news)
      .values(
        NEWS_STATUSES.map((status) =>
          buildNews({
            title: `Item ${status}`,
            status,
            slug: `item-${status}`,
            fixtureId: fixture.id,
          }),
        ),
      )
      .returning();
    const published = rows.find((row) => row.status === "published");
    const titles = (items: { title: string }[]) => items.map((item) => item.title);
    expect(titles(await listLatestNews({ limit: 10 }))).toEqual(["Item published"]);
    expect(await listNewsPage({ page: 1, pageSize: 12 })).toMatchObject({ total: 1, pages: 1 });
    expect((await listNewsSitemapEntries()).map((entry) => entry.slug)).toEqual(["item-published"]);
    expect((await listMatchReports({ fixtureIds: [fixture.id] })).get(fixture.id)?.id).toBe(
      published?.id,
    );
    for (const row of rows) {
      const isPublic = row.status === "published";
      expect(Boolean(await getNews({ id: row.id })), row.status).toBe(isPublic);
      expect(Boolean(await getNewsBySlug({ slug: row.slug ?? "" })), row.status).toBe(isPublic);
    }
    expect(titles(await listNewsWaitingForReview())).toEqual(["Item review"]);
  });
});

describeWithDatabases("saving news in its states (rules §3 News states)", ({ db }) => {
  beforeEach(async () => {
    await db().delete(news);
    await db().delete(activity);
  });
  const text = { title: "Storm win at home", content: "What a game." };

  it("lets a Contributor write a draft and send it for review, never publish", async () => {
    const now = new Date("2027-03-01T20:00:00Z");
    const draft = await as(contributor, () =>
      saveNewsItem({ input: text, publishAt: null, actor: contributor, now }),
    );
    if (!draft || !("id" in draft)) throw new Error("not saved");
    const [row] = await db().select().from(news).where(eq(news.id, draft.id));
    expect(row).toMatchObject({
      status: "draft",
      date: null,
      authorId: contributor.id,
      slug: "storm-win-at-home",
    });
    const refused = await as(contributor, () =>
      saveNewsItem({
        id: draft.id,
        input: text,
        to: "published",
        publishAt: null,
        actor: contributor,
      }),
    );
    expect(refused).toEqual({ refused: WORKFLOW_MESSAGES.needsEditor });
    const someoneElse = await as(otherContributor, () =>
      saveNewsItem({
        id: draft.id,
        input: text,
        to: "review",
        publishAt: null,
        actor: otherContributor,
      }),
    );
    expect(someoneElse).toEqual({ refused: WORKFLOW_MESSAGES.notYours });
    await as(contributor, () =>
      saveNewsItem({
        id: draft.id,
        input: text,
        to: "review",
        publishAt: null,
        actor: contributor,
      }),
    );
    expect((await db().select().from(news).where(eq(news.id, draft.id)))[0]?.status).toBe("review");
    expect(await activityOf(db, draft.id)).toEqual([
      { action: "send-for-review", actor: contributor.email },
    ]);
    // Published by an Editor, it is no longer the Contributor's to change.
    await as(editor, () =>
      saveNewsItem({ id: draft.id, input: text, to: "published", publishAt: null, actor: editor }),
    );
    expect(
      await as(contributor, () =>
        saveNewsItem({ id: draft.id, input: text, publishAt: null, actor: contributor }),
      ),
    ).toEqual({ refused: WORKFLOW_MESSAGES.contributorPublished });
  });

  it("dates an item when first published and keeps the date and address after edits", async () => {
    const now = new Date("2027-03-01T20:00:00Z");
    const saved = await as(editor, () =>
      saveNewsItem({ input: text, to: "draft", publishAt: null, actor: editor, now }),
    );
    if (!saved || !("id" in saved)) throw new Error("not saved");
    // A draft's address follows its title.
    await as(editor, () =>
      saveNewsItem({
        id: saved.id,
        input: { ...text, title: "Storm win the derby" },
        publishAt: null,
        actor: editor,
        now: new Date(now.getTime() + MINUTE),
      }),
    );
    const later = new Date(now.getTime() + 60 * MINUTE);
    await as(editor, () =>
      saveNewsItem({
        id: saved.id,
        input: { ...text, title: "Storm win the derby" },
        to: "published",
        publishAt: null,
        actor: editor,
        now: later,
      }),
    );
    const edited = new Date(later.getTime() + 60 * MINUTE);
    await as(editor, () =>
      saveNewsItem({
        id: saved.id,
        input: { title: "Storm win the derby 3–1", content: "Fixed a typo." },
        publishAt: null,
        actor: editor,
        now: edited,
      }),
    );
    const [row] = await db().select().from(news).where(eq(news.id, saved.id));
    expect(row).toMatchObject({
      status: "published",
      date: later,
      revisedAt: edited,
      slug: "storm-win-the-derby",
    });
    expect((await activityOf(db, saved.id)).map((entry) => entry.action)).toEqual(["publish"]);
    // Taken down it is kept but not public; put back, it keeps its first date.
    const back = { title: "Storm win the derby 3–1", content: "Fixed a typo." };
    await as(editor, () =>
      saveNewsItem({ id: saved.id, input: back, to: "taken-down", publishAt: null, actor: editor }),
    );
    expect(await getNews({ id: saved.id })).toBeNull();
    await as(editor, () =>
      saveNewsItem({ id: saved.id, input: back, to: "published", publishAt: null, actor: editor }),
    );
    expect(await getNews({ id: saved.id })).toMatchObject({ date: later });
    expect((await activityOf(db, saved.id)).map((entry) => entry.action).sort()).toEqual([
      "publish",
      "publish",
      "take-down",
    ]);
    expect((await listNewsRevisions({ newsId: saved.id })).map((r) => r.title)).toEqual([
      "Storm win the derby 3–1",
      "Storm win the derby",
      "Storm win at home",
    ]);
  });

  it("refuses a schedule time that has passed, and keeps a future one", async () => {
    const now = new Date("2027-03-01T20:00:00Z");
    const past = await as(editor, () =>
      saveNewsItem({
        input: text,
        to: "scheduled",
        publishAt: new Date(now.getTime() - MINUTE),
        actor: editor,
        now,
      }),
    );
    expect(past).toEqual({ refused: WORKFLOW_MESSAGES.scheduleInPast });
    expect(await db().select().from(news)).toEqual([]);
    const at = new Date(now.getTime() + 5 * MINUTE);
    const saved = await as(editor, () =>
      saveNewsItem({ input: text, to: "scheduled", publishAt: at, actor: editor, now }),
    );
    if (!saved || !("id" in saved)) throw new Error("not saved");
    const [row] = await db().select().from(news).where(eq(news.id, saved.id));
    expect(row).toMatchObject({ status: "scheduled", publishAt: at, date: null });
    expect(await activityOf(db, saved.id)).toEqual([{ action: "schedule", actor: editor.email }]);
  });

  it("keeps the last revisions only, and restores one as a new revision", async () => {
    const saved = await as(editor, () =>
      saveNewsItem({
        input: { ...text, content: "v0" },
        to: "draft",
        publishAt: null,
        actor: editor,
      }),
    );
    if (!saved || !("id" in saved)) throw new Error("not saved");
    const first = (await listNewsRevisions({ newsId: saved.id }))[0];
    for (let n = 1; n <= REVISIONS_KEPT; n++) {
      await as(editor, () =>
        saveNewsItem({
          id: saved.id,
          input: { ...text, content: `v${n}` },
          publishAt: null,
          actor: editor,
          now: new Date(Date.now() + n * 1000),
        }),
      );
    }
    const kept = await listNewsRevisions({ newsId: saved.id });
    expect(kept).toHaveLength(REVISIONS_KEPT);
    expect(kept.some((revision) => revision.id === first?.id)).toBe(false);
    const oldest = kept.at(-1);
    if (!oldest) throw new Error("no revision");
    await as(editor, () =>
      restoreNewsRevision({
        newsId: saved.id,
        revisionId: oldest.id,
        actor: editor,
        now: new Date(Date.now() + 100_000),
      }),
    );
    const [row] = await db().select().from(news).where(eq(news.id, saved.id));
    expect(row?.content).toBe("v1");
    expect(
      (await db().select().from(newsRevisions).where(eq(newsRevisions.newsId, saved.id))).length,
    ).toBe(REVISIONS_KEPT);
    expect((await activityOf(db, saved.id)).map((entry) => entry.action)).toEqual([
      "restore-revision",
    ]);
  });
});

describeWithDatabases("scheduled publishing (ADR 034)", ({ db, driver }) => {
  beforeEach(async () => {
    await db().delete(news);
    await db().delete(activity);
  });

  it("publishes a due item once, dated at its time, with one Activity record", async () => {
    const at = new Date("2027-03-01T18:00:00Z");
    const [row] = await db()
      .insert(news)
      .values(buildNews({ status: "scheduled", publishAt: at, date: null, slug: "cup-draw" }))
      .returning();
    if (!row) throw new Error("no row");
    expect(await publishDueNews({ now: new Date(at.getTime() - 1) })).toEqual([]);
    expect(await getNewsBySlug({ slug: "cup-draw" })).toBeNull();
    expect(await publishDueNews({ now: at })).toEqual([{ id: row.id, title: row.title }]);
    expect(await publishDueNews({ now: new Date(at.getTime() + MINUTE) })).toEqual([]);
    expect(await getNewsBySlug({ slug: "cup-draw" })).toMatchObject({ date: at });
    expect(await activityOf(db, row.id)).toEqual([
      { action: "publish", actor: "scheduled publishing" },
    ]);
  });

  it("publishes once when two connections ask at the same moment", async () => {
    const at = new Date("2027-03-01T18:00:00Z");
    const items = await db()
      .insert(news)
      .values(
        [1, 2, 3].map((n) =>
          buildNews({ status: "scheduled", publishAt: at, date: null, slug: `due-${n}` }),
        ),
      )
      .returning();
    // On PostgreSQL a second pool of connections to the same database, as a second server has.
    let other: Awaited<ReturnType<typeof openDatabase>> | null = null;
    if (driver === "postgres") {
      const [current] = rowsOf(await db().execute("select current_database() as name"));
      const url = new URL(inject("postgresUrl"));
      url.pathname = `/${String((current as { name?: unknown } | undefined)?.name)}`;
      other = await openDatabase({ databaseUrl: url.toString(), migrate: false });
    }
    try {
      const second = other
        ? withTransactionScope(other.db, () => publishDueNews({ now: at }))
        : publishDueNews({ now: at });
      const results = await Promise.all([publishDueNews({ now: at }), second]);
      expect(
        results
          .flat()
          .map((item) => item.id)
          .sort(),
      ).toEqual(items.map((item) => item.id).sort());
    } finally {
      await other?.close();
    }
    const records = await db().select().from(activity).where(eq(activity.action, "publish"));
    expect(records).toHaveLength(3);
    expect(new Set(records.map((record) => record.recordId)).size).toBe(3);
  });
});

describeWithDatabases("autosave of drafts (ADR 034)", ({ db }) => {
  it("creates the draft once, then changes it in place; never a published item", async () => {
    const first = await as(contributor, () =>
      autosaveNewsDraft({ input: { title: "Late report", content: "Half" }, actor: contributor }),
    );
    expect(first).toMatchObject({ saved: true, created: true });
    if (!first.saved) throw new Error("not saved");
    expect(
      await as(contributor, () =>
        autosaveNewsDraft({ input: { title: "", content: "Half" }, actor: contributor }),
      ),
    ).toEqual({ saved: false, reason: "incomplete" });
    const second = await as(contributor, () =>
      autosaveNewsDraft({
        id: first.id,
        input: { title: "Late report", content: "Half of it, then all of it." },
        actor: contributor,
      }),
    );
    expect(second).toEqual({ saved: true, id: first.id, created: false });
    const [row] = await db().select().from(news).where(eq(news.id, first.id));
    expect(row).toMatchObject({ status: "draft", content: "Half of it, then all of it." });
    expect(await listNewsRevisions({ newsId: first.id })).toHaveLength(1);
    expect(
      await as(otherContributor, () =>
        autosaveNewsDraft({
          id: first.id,
          input: { title: "Mine", content: "x" },
          actor: otherContributor,
        }),
      ),
    ).toEqual({ saved: false, reason: "not-a-draft" });
    await db().update(news).set({ status: "published" }).where(eq(news.id, first.id));
    expect(
      await as(editor, () =>
        autosaveNewsDraft({ id: first.id, input: { title: "Live", content: "x" }, actor: editor }),
      ),
    ).toEqual({ saved: false, reason: "not-a-draft" });
  });
});
