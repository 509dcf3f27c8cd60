import { and, desc, eq, lte, notInArray, sql } from "drizzle-orm";
import { db, withTransactionScope } from "../../db/database.server.ts";
import { news, newsRevisions } from "../../db/schema.ts";
import { recordActivity, withActivityContext } from "../activity/activity.server.ts";
import { SCHEDULED_PUBLISHING } from "../activity/rules.ts";
import { mailNewsItem } from "../subscribers/admin.server.ts";
import { type NewsInput, newsIdSchema, newsSchema } from "./news.schema.ts";
import { freeNewsSlug } from "./news.server.ts";
import {
  dateAfterSave,
  isRevisionShown,
  NEWS_STATUS_ACTIONS,
  type NewsStatus,
  refuseChange,
  refuseScheduleTime,
  WORKFLOW_MESSAGES,
} from "./workflow.ts";

// A news item's way to the public (ADR 034, decisions 32): a save in any state with its
// revision and its record in Activity, the scheduled publisher, the revisions. Every function
// runs in its caller's transaction (the admin action's) or opens its own.

/** Who saves: their id and e-mail (Activity, revisions) and whether they may publish. */
export interface NewsActor {
  id: string;
  email: string;
  canPublish: boolean;
}

/** ADR 034: the revisions kept per item (older ones are removed as new ones are saved). */
export const REVISIONS_KEPT = 50;

export type SaveOutcome = { id: string } | { refused: string } | null;

/**
 * rules §3 News states, ADR 034: creates (no `id`) or updates an item, putting it in state
 * `to` (absent: an item keeps its state; a new one is published by an Editor, a draft of a
 * Contributor's). Refused (nothing written) when the actor may not make that change or a schedule
 * time is missing or past; null when the item to update is gone. Keeps a revision when the
 * text changed, records the change of state in Activity, and e-mails the news list the first
 * time an item goes public (unless `noEmail`).
 */
export async function saveNewsItem({
  id,
  input,
  to: asked,
  publishAt,
  actor,
  now = new Date(),
  noEmail = false,
}: {
  id?: string;
  input: NewsInput & { byline?: string | undefined };
  to?: NewsStatus | undefined;
  publishAt: Date | null;
  actor: NewsActor;
  now?: Date;
  noEmail?: boolean;
}): Promise<SaveOutcome> {
  const fields = newsSchema.parse(input);
  const byline = input.byline?.trim() ? input.byline.trim() : null;
  if (id !== undefined && !newsIdSchema.safeParse(id).success) return null;
  const [current] = id
    ? await db().select().from(news).where(eq(news.id, id)).for("update")
    : [undefined];
  if (id && !current) return null;
  const from = current?.status ?? null;
  const to = asked ?? from ?? (actor.canPublish ? "published" : "draft");
  const refusal = refuseChange({
    canPublish: actor.canPublish,
    isAuthor: current ? current.authorId === actor.id : true,
    from,
    to,
  });
  if (refusal) return { refused: refusal };
  if (to === "scheduled") {
    if (!publishAt) return { refused: WORKFLOW_MESSAGES.scheduleMissing };
    // A schedule kept as it was (an edit of a scheduled item) is the publisher's to take.
    const unchanged = current?.publishAt?.getTime() === publishAt.getTime();
    const past = unchanged ? null : refuseScheduleTime({ publishAt, now });
    if (past) return { refused: past };
  }
  const textChanged =
    !current ||
    current.title !== fields.title ||
    current.content !== fields.content ||
    (current.byline ?? null) !== byline;
  // ADR 034: the address follows the title until the item is first public, then never moves.
  const slug =
    current?.slug && (current.date || current.title === fields.title)
      ? current.slug
      : await freeNewsSlug({ title: fields.title, exceptId: current?.id });
  const values = {
    title: fields.title,
    content: fields.content,
    image: fields.image ?? null,
    imageAlt: fields.image ? (fields.imageAlt ?? null) : null,
    category: fields.category ?? null,
    fixtureId: fields.fixtureId ?? null,
    byline,
    status: to,
    publishAt: to === "scheduled" ? publishAt : null,
    slug,
    date: dateAfterSave({ date: current?.date ?? null, to, now }),
    revisedAt: isRevisionShown({ from, textChanged }) ? now : (current?.revisedAt ?? null),
  };
  const [saved] = current
    ? await db()
        .update(news)
        .set({ ...values, updatedAt: now })
        .where(eq(news.id, current.id))
        .returning({ id: news.id })
    : await db()
        .insert(news)
        .values({ ...values, authorId: actor.id, createdAt: now, updatedAt: now })
        .returning({ id: news.id });
  if (!saved) return null;
  // Compared with the newest revision, not the row: autosaves change a draft's row in place.
  if (await differsFromNewestRevision(saved.id, values)) {
    await keepRevision({ newsId: saved.id, savedBy: actor.email, at: now, ...values });
  }
  // A new item published at once is recorded as added, as before states (decisions 32): one
  // record, not two in the same instant.
  if ((from ?? "draft") !== to && !(from === null && to === "published")) {
    await recordActivity({
      action: NEWS_STATUS_ACTIONS[to],
      recordId: saved.id,
      label: fields.title,
    });
  }
  // rules §2 Manage News: the news list hears of an item the first time it is public.
  if (to === "published" && !current?.date && !noEmail) {
    await mailNewsItem({ id: saved.id, title: fields.title });
  }
  return saved;
}

/** Whether this text is not the item's newest revision (or it has none yet). */
async function differsFromNewestRevision(
  newsId: string,
  text: { title: string; content: string; byline: string | null },
): Promise<boolean> {
  const [newest] = await db()
    .select({
      title: newsRevisions.title,
      content: newsRevisions.content,
      byline: newsRevisions.byline,
    })
    .from(newsRevisions)
    .where(eq(newsRevisions.newsId, newsId))
    .orderBy(desc(newsRevisions.savedAt), desc(newsRevisions.id))
    .limit(1);
  return (
    !newest ||
    newest.title !== text.title ||
    newest.content !== text.content ||
    (newest.byline ?? null) !== text.byline
  );
}

/** ADR 034: stores a revision and keeps only the newest REVISIONS_KEPT of the item. */
async function keepRevision({
  newsId,
  title,
  content,
  byline,
  savedBy,
  at,
}: {
  newsId: string;
  title: string;
  content: string;
  byline: string | null;
  savedBy: string;
  at: Date;
}): Promise<void> {
  await db().insert(newsRevisions).values({ newsId, title, content, byline, savedBy, savedAt: at });
  const kept = db()
    .select({ id: newsRevisions.id })
    .from(newsRevisions)
    .where(eq(newsRevisions.newsId, newsId))
    .orderBy(desc(newsRevisions.savedAt), desc(newsRevisions.id))
    .limit(REVISIONS_KEPT);
  await db()
    .delete(newsRevisions)
    .where(and(eq(newsRevisions.newsId, newsId), notInArray(newsRevisions.id, kept)));
}

/**
 * ADR 034: publishes every scheduled item whose time has come, exactly once however many
 * processes or machines ask at the same moment: one UPDATE … WHERE status = 'scheduled'
 * RETURNING, so of two concurrent calls only one gets each row back (PostgreSQL re-checks
 * the condition on a row another transaction just changed). Only that call records it in
 * Activity and e-mails it. The item is dated at its publish time (kept if it was public
 * before). The change notice of the update empties every page cache (ADR 010).
 */
export async function publishDueNews({
  now = new Date(),
}: {
  now?: Date;
} = {}): Promise<{ id: string; title: string }[]> {
  return db().transaction((tx) =>
    withTransactionScope(tx, () =>
      withActivityContext({ actor: SCHEDULED_PUBLISHING, screen: "news" }, async () => {
        const published = await db()
          .update(news)
          .set({
            status: "published",
            date: sql`coalesce(${news.date}, ${news.publishAt})`,
            publishAt: null,
            updatedAt: now,
          })
          .where(and(eq(news.status, "scheduled"), lte(news.publishAt, now)))
          .returning({ id: news.id, title: news.title });
        for (const item of published) {
          await recordActivity({ action: "publish", recordId: item.id, label: item.title });
          await mailNewsItem({ id: item.id, title: item.title });
        }
        return published;
      }),
    ),
  );
}

export interface RevisionSummary {
  id: string;
  title: string;
  content: string;
  byline: string | null;
  savedAt: Date;
  savedBy: string;
}

/** ADR 034: an item's revisions, newest first (at most REVISIONS_KEPT are kept). */
export async function listNewsRevisions({
  newsId,
}: {
  newsId: string;
}): Promise<RevisionSummary[]> {
  if (!newsIdSchema.safeParse(newsId).success) return [];
  return db()
    .select({
      id: newsRevisions.id,
      title: newsRevisions.title,
      content: newsRevisions.content,
      byline: newsRevisions.byline,
      savedAt: newsRevisions.savedAt,
      savedBy: newsRevisions.savedBy,
    })
    .from(newsRevisions)
    .where(eq(newsRevisions.newsId, newsId))
    .orderBy(desc(newsRevisions.savedAt), desc(newsRevisions.id));
}

/** ADR 034: one revision of one item; null when it is not that item's (or gone). */
export async function getNewsRevision({ newsId, id }: { newsId: string; id: string }) {
  if (!newsIdSchema.safeParse(newsId).success || !newsIdSchema.safeParse(id).success) return null;
  const [row] = await db()
    .select()
    .from(newsRevisions)
    .where(and(eq(newsRevisions.id, id), eq(newsRevisions.newsId, newsId)));
  return row ?? null;
}

/**
 * ADR 034: puts an earlier revision's text back, as a save (so it is itself a new revision,
 * refused like any save the actor may not make). Null when the item or revision is gone.
 */
export async function restoreNewsRevision({
  newsId,
  revisionId,
  actor,
  now = new Date(),
}: {
  newsId: string;
  revisionId: string;
  actor: NewsActor;
  now?: Date;
}): Promise<SaveOutcome> {
  const revision = await getNewsRevision({ newsId, id: revisionId });
  if (!revision) return null;
  const [item] = await db().select().from(news).where(eq(news.id, newsId));
  if (!item) return null;
  const outcome = await saveNewsItem({
    id: newsId,
    input: {
      title: revision.title,
      content: revision.content,
      byline: revision.byline ?? undefined,
      image: item.image ?? undefined,
      imageAlt: item.imageAlt ?? undefined,
      category: item.category ?? undefined,
      fixtureId: item.fixtureId ?? undefined,
    },
    to: item.status,
    publishAt: item.publishAt,
    actor,
    now,
    noEmail: true,
  });
  if (outcome && "id" in outcome) {
    await recordActivity({
      action: "restore-revision",
      recordId: newsId,
      label: revision.title,
    });
  }
  return outcome;
}

export type AutosaveOutcome =
  | { saved: true; id: string; created: boolean }
  | { saved: false; reason: "incomplete" | "not-a-draft" | "gone" };

/**
 * ADR 034: a draft saving itself while it is written (every 10 s and when a field loses
 * focus). Only drafts: an item sent on, scheduled or public changes only when its form is
 * sent. Text that is not a valid item yet (no title) waits for the next turn. The first
 * autosave creates the draft (and its first revision); the later ones change its fields in
 * place, without a revision each (the history would otherwise fill with keystrokes).
 */
export async function autosaveNewsDraft({
  id,
  input,
  actor,
  now = new Date(),
}: {
  id?: string | undefined;
  input: Record<string, unknown>;
  actor: NewsActor;
  now?: Date;
}): Promise<AutosaveOutcome> {
  const parsed = newsSchema.safeParse(input);
  if (!parsed.success) return { saved: false, reason: "incomplete" };
  const byline =
    typeof input.byline === "string" && input.byline.trim() ? input.byline.trim() : undefined;
  if (!id) {
    const created = await saveNewsItem({
      input: { ...parsed.data, byline },
      to: "draft",
      publishAt: null,
      actor,
      now,
    });
    return created && "id" in created
      ? { saved: true, id: created.id, created: true }
      : { saved: false, reason: "not-a-draft" };
  }
  if (!newsIdSchema.safeParse(id).success) return { saved: false, reason: "gone" };
  const [current] = await db().select().from(news).where(eq(news.id, id)).for("update");
  if (!current) return { saved: false, reason: "gone" };
  if (current.status !== "draft" || (!actor.canPublish && current.authorId !== actor.id)) {
    return { saved: false, reason: "not-a-draft" };
  }
  const fields = parsed.data;
  await db()
    .update(news)
    .set({
      title: fields.title,
      content: fields.content,
      byline: byline ?? null,
      image: fields.image ?? null,
      imageAlt: fields.image ? (fields.imageAlt ?? null) : null,
      category: fields.category ?? null,
      fixtureId: fields.fixtureId ?? null,
      // A draft has never been public: its address still follows its title.
      slug:
        current.title === fields.title
          ? current.slug
          : await freeNewsSlug({ title: fields.title, exceptId: id }),
      updatedAt: now,
    })
    .where(eq(news.id, id));
  return { saved: true, id, created: false };
}
