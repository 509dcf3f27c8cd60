import { NEWS_STATUSES } from "../../db/schema.ts";

// The way a news item goes from a volunteer's draft to the public (ADR 034, rules §3 News
// states, decisions 32): its states, who may move it where, when it is dated, its readable
// address. Pure: the queries are in news.server.ts and news-workflow.server.ts.

export { NEWS_STATUSES };
export type NewsStatus = (typeof NEWS_STATUSES)[number];

/** decisions 32: only a published item is ever shown to the public. */
export const PUBLIC_STATUS: NewsStatus = "published";

/** rules §3 News states: each state's name on the admin screens. */
export const NEWS_STATUS_LABELS: Record<NewsStatus, string> = {
  draft: "Draft",
  review: "Waiting for review",
  scheduled: "Scheduled",
  published: "Published",
  "taken-down": "Taken down",
};

/** The words of Activity (ADR 021) for a change of state, by the state it goes to. */
export const NEWS_STATUS_ACTIONS: Record<NewsStatus, string> = {
  draft: "back-to-draft",
  review: "send-for-review",
  scheduled: "schedule",
  published: "publish",
  "taken-down": "take-down",
};

/** The news form's messages for a refused change of state (rules §3 News states). */
export const WORKFLOW_MESSAGES = {
  notYours: "Only the item's author or an Editor can change this item.",
  contributorPublished:
    "This item has been sent on: ask an Editor to change it, or to send it back to you as a draft.",
  needsEditor: "Only an Editor or an Administrator can publish, schedule or take down news.",
  scheduleInPast:
    "Please choose a publish time in the future: that time has already passed. To publish now, choose Published.",
  scheduleMissing: "Please choose the day and time to publish.",
} as const;

/**
 * rules §3 News states, decisions 32: the states a save may put an item in. A Contributor
 * writes drafts and sends them for review; an Editor or Administrator may also schedule,
 * publish and take down (taking down is offered only for an item that has been public).
 */
export function statusChoices({
  canPublish,
  current,
}: {
  canPublish: boolean;
  /** The item's state; null for a new item. */
  current: NewsStatus | null;
}): NewsStatus[] {
  if (!canPublish) return ["draft", "review"];
  const wasPublic = current === "published" || current === "taken-down";
  return NEWS_STATUSES.filter((status) => status !== "taken-down" || wasPublic);
}

/**
 * rules §3 News states: why this change is refused, or null when it may be made. A
 * Contributor changes only their own items, and only while they are drafts or waiting for
 * review; only an Editor or Administrator publishes, schedules or takes down.
 */
export function refuseChange({
  canPublish,
  isAuthor,
  from,
  to,
}: {
  canPublish: boolean;
  isAuthor: boolean;
  /** Null for a new item. */
  from: NewsStatus | null;
  to: NewsStatus;
}): string | null {
  if (canPublish) return null;
  if (from !== null && !isAuthor) return WORKFLOW_MESSAGES.notYours;
  if (from !== null && from !== "draft" && from !== "review") {
    return WORKFLOW_MESSAGES.contributorPublished;
  }
  if (to !== "draft" && to !== "review") return WORKFLOW_MESSAGES.needsEditor;
  return null;
}

/** rules §3 News states: a schedule time must be ahead of now (a minute's grace is not given). */
export function refuseScheduleTime({ publishAt, now }: { publishAt: Date; now: Date }) {
  return publishAt.getTime() <= now.getTime() ? WORKFLOW_MESSAGES.scheduleInPast : null;
}

/**
 * rules §3 News states: the item's date (its publish time) after a save. The first time it
 * goes public it is dated then; once dated it keeps its date (an edit, taking it down and
 * putting it back). A scheduled item is dated when the server publishes it.
 */
export function dateAfterSave({
  date,
  to,
  now,
}: {
  date: Date | null;
  to: NewsStatus;
  now: Date;
}): Date | null {
  if (date) return date;
  return to === "published" ? now : null;
}

/**
 * rules §3 News states: an edit of the text of an item that is public (or has been) is shown
 * as "Updated …"; a draft's edits are not (nobody saw the earlier text).
 */
export function isRevisionShown({
  from,
  textChanged,
}: {
  from: NewsStatus | null;
  textChanged: boolean;
}): boolean {
  return textChanged && (from === "published" || from === "taken-down");
}

/** ADR 034: a preview link lives 7 days unless withdrawn. */
export const PREVIEW_LINK_DAYS = 7;
