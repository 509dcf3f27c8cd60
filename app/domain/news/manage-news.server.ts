import { hasPermission } from "../admin/screens.ts";
import type { SignedInAdministrator } from "../auth/session.server.ts";
import { getClubTimeZone } from "../club/club.server.ts";
import { fromClubDateTime } from "../dates/club-time.ts";
import { clubDates } from "../dates/format.ts";
import type { NewsFormRecord } from "./news.schema.ts";
import { type AdminNewsItem, getAdminNews } from "./news.server.ts";
import type { NewsActor } from "./news-workflow.server.ts";
import { refuseScheduleTime } from "./workflow.ts";

// Manage News's questions that need the signed-in person (ADR 034, decisions 32): who may
// publish, which items they may open, the form's record with its schedule in club time.

/** decisions 32: the person saving, and whether their roles let them publish. */
export function newsActorOf(administrator: SignedInAdministrator): NewsActor {
  return {
    id: administrator.id,
    email: administrator.email,
    canPublish: hasPermission(administrator.roles, "news-publish"),
  };
}

/**
 * decisions 32: whether this person may open the item in the form, its preview and its
 * revisions: an Editor any item, a Contributor their own.
 */
function mayOpen(actor: NewsActor, item: Pick<AdminNewsItem, "authorId">): boolean {
  return actor.canPublish || item.authorId === actor.id;
}

/** The item as the news form edits it, its schedule as a day and time in the club's zone. */
export async function newsFormRecord(item: AdminNewsItem): Promise<NewsFormRecord> {
  const dates = clubDates({ timeZone: await getClubTimeZone() });
  return {
    id: item.id,
    title: item.title,
    content: item.content,
    image: item.image,
    imageAlt: item.imageAlt,
    category: item.category,
    fixtureId: item.fixtureId,
    byline: item.byline,
    status: item.status,
    ...(item.publishAt
      ? {
          publishDay: dates.toDateInputValue(item.publishAt),
          publishTime: dates.toTimeInputValue(item.publishAt),
        }
      : {}),
  };
}

/** An item the person may open, or null (none, or a Contributor's look at another's). */
export async function openableNews(
  actor: NewsActor,
  id: string | null,
): Promise<AdminNewsItem | null> {
  if (!id) return null;
  const item = await getAdminNews({ id });
  return item && mayOpen(actor, item) ? item : null;
}

/** rules §3 News states: the publish time a form asks for, read in the club's time zone. */
export async function publishAtOf(value: {
  publishDay?: string | undefined;
  publishTime?: string | undefined;
}): Promise<Date | null> {
  if (!value.publishDay || !value.publishTime) return null;
  return fromClubDateTime({
    day: value.publishDay,
    time: value.publishTime,
    timeZone: await getClubTimeZone(),
  });
}

/**
 * rules §3 News states: the form's field errors for a schedule time that has passed (a
 * scheduled item's own time, kept unchanged, is not asked again); null when it is fine.
 */
export async function scheduleErrors(
  value: { id?: string | undefined; status?: string | undefined },
  publishAt: Date | null,
  now: Date,
): Promise<Record<string, string[]> | null> {
  if (value.status !== "scheduled" || !publishAt) return null;
  const current = value.id ? await getAdminNews({ id: value.id }) : null;
  if (current?.publishAt?.getTime() === publishAt.getTime()) return null;
  const message = refuseScheduleTime({ publishAt, now });
  return message ? { publishDay: [message] } : null;
}
