import { AsyncLocalStorage } from "node:async_hooks";
import { and, count, desc, eq, inArray, lt, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { processConstant } from "../../config/process-wide.ts";
import { db, withTransactionScope } from "../../db/database.server.ts";
import {
  activity,
  administrators,
  clubEvents,
  clubSettings,
  competitions,
  contactMessages,
  fixtures,
  leagueTable,
  media,
  news,
  pageTexts,
  rounds,
  seasons,
  sponsors,
  teamMembers,
  venues,
} from "../../db/schema.ts";
import type { Role } from "../admin/screens.ts";
import { getClubTimeZone } from "../club/club.server.ts";
import { type ClubDates, clubDates, NEWS_DATE_PATTERN } from "../dates/format.ts";
import { formatRelativeAge } from "../dates/relative-age.ts";
import { pageCount } from "../news/rules.ts";
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityListEntry,
  activityCutoff,
  type COMMAND_LINE,
  changedFields,
  describeActivity,
  labelOf,
  plainLabel,
  type SCHEDULED_PUBLISHING,
} from "./rules.ts";

// Activity (ADR 021): every admin write is recorded in the same transaction as the change,
// by whoever made it. Writes through the admin resource module (ADR 005) are recorded by its
// action helper; the screens with their own actions (sign-in, password, invitation, import)
// and the command line's restore call recordActivity themselves.

/** Who made a change: a signed-in administrator, or the command line. */
type Actor = { id: string; email: string } | typeof COMMAND_LINE | typeof SCHEDULED_PUBLISHING;

/** The administrator and screen of the admin action being handled. */
interface ActivityContext {
  actor: Actor;
  screen: string;
}

// One storage for both copies of this module (the host's and the React Router bundle's).
const context = processConstant("activity.context", () => new AsyncLocalStorage<ActivityContext>());

/** Runs an admin action's body knowing who makes its changes, on which screen. */
export function withActivityContext<T>(value: ActivityContext, body: () => Promise<T>): Promise<T> {
  return context.run(value, body);
}

/** ADR 021, rules §6 Roles: Administrators see everyone's activity, the others their own. */
export function seesEveryonesActivity(administrator: { roles: readonly Role[] }): boolean {
  return administrator.roles.includes("administrator");
}

export interface ActivityInput {
  /** The context's administrator when not given. */
  actor?: Actor;
  /** The context's screen when not given. */
  screen?: string;
  action: string;
  recordId?: string | null;
  label?: string;
  /** The names of the fields that changed: never their values. */
  fields?: string[];
}

/**
 * Records one admin write (ADR 021). Call it inside the change's transaction (the admin
 * action helper runs its body in one; see also `recordedWrite`), after the change succeeded,
 * so a refused or failed change leaves no record. Also for role changes.
 */
export async function recordActivity(input: ActivityInput): Promise<void> {
  const scope = context.getStore();
  const actor = input.actor ?? scope?.actor;
  const screen = input.screen ?? scope?.screen;
  if (!actor || !screen) throw new Error("recordActivity: who made the change, and where?");
  await db()
    .insert(activity)
    .values({
      administratorId: typeof actor === "string" ? null : actor.id,
      actor: typeof actor === "string" ? actor : actor.email,
      screen,
      action: input.action,
      recordId: input.recordId ?? null,
      label: input.label ?? "",
      fields: input.fields ?? [],
    });
}

/**
 * Runs `write` and records it in one transaction (ADR 021): `entry` says what to record for
 * its result, or null when it changed nothing (a refusal), which records nothing.
 */
export function recordedWrite<T>(
  write: () => Promise<T>,
  entry: (result: T) => ActivityInput | null,
): Promise<T> {
  return db().transaction((tx) =>
    withTransactionScope(tx, async () => {
      const result = await write();
      const input = entry(result);
      if (input) await recordActivity(input);
      return result;
    }),
  );
}

type RecordTable = PgTable & { id: PgColumn };

/**
 * Each screen's records and the field that names one, for the label and the changed fields.
 * The secrets an administrator's row holds are never read (only names are ever stored).
 */
const RECORDS: Record<string, { table: RecordTable; label: string }> = {
  news: { table: news, label: "title" },
  team: { table: teamMembers, label: "name" },
  fixtures: { table: fixtures, label: "opponent" },
  rounds: { table: rounds, label: "name" },
  table: { table: leagueTable, label: "team" },
  seasons: { table: seasons, label: "label" },
  "season-figures": { table: teamMembers, label: "name" },
  messages: { table: contactMessages, label: "name" },
  venues: { table: venues, label: "name" },
  "venue-access": { table: venues, label: "name" },
  events: { table: clubEvents, label: "title" },
  competitions: { table: competitions, label: "name" },
  sponsors: { table: sponsors, label: "name" },
  pages: { table: pageTexts, label: "key" },
  media: { table: media, label: "fileName" },
  club: { table: clubSettings, label: "shortName" },
  administrators: { table: administrators, label: "email" },
};

const SECRET_COLUMNS = ["passwordHash", "tokenHash", "idHash"];

/** A screen's record as it stands, for comparing it after the change; null when none. */
export async function recordBefore(id: string): Promise<Record<string, unknown> | null> {
  const screen = context.getStore()?.screen;
  const record = screen ? RECORDS[screen] : undefined;
  if (!record) return null;
  const [row] = await db()
    .select()
    .from(record.table as PgTable)
    .where(eq(record.table.id, id));
  if (!row) return null;
  const safe: Record<string, unknown> = { ...row };
  for (const name of SECRET_COLUMNS) delete safe[name];
  return safe;
}

/**
 * Records a change to one of the context screen's records (ADR 021): its label read from the
 * record after the change (or before, for a delete), else the screen's own words for it; the
 * changed fields by comparing the record before and after.
 */
export async function recordChange({
  action,
  recordId,
  before,
  label,
}: {
  action: string;
  recordId: string;
  before: Record<string, unknown> | null;
  label?: string;
}): Promise<void> {
  const screen = context.getStore()?.screen ?? "";
  const field = RECORDS[screen]?.label ?? "";
  const after = action === "delete" ? null : await recordBefore(recordId);
  await recordActivity({
    action,
    recordId,
    label: labelOf(after ?? before, field) || plainLabel(label ?? ""),
    fields: changedFields(before, after),
  });
}

const timeWords = (at: Date, now: Date, dates: ClubDates) => ({
  at: at.toISOString(),
  ago: formatRelativeAge({ date: at, now }),
  full: dates.formatInClubZone({ date: at, pattern: NEWS_DATE_PATTERN }),
});

/** The club's date texts (ADR 022: the time zone is passed, never a global). */
const activityDates = async () => clubDates({ timeZone: await getClubTimeZone() });

/**
 * Activity newest first, a page at a time (ADR 021), filtered by person (their e-mail as
 * recorded) and by screen. `ownOnly`: only this administrator's own records.
 */
export async function listActivity({
  actor,
  screen,
  ownOnly,
  page,
  pageSize = ACTIVITY_PAGE_SIZE,
  now = new Date(),
}: {
  actor?: string | undefined;
  screen?: string | undefined;
  ownOnly?: string | undefined;
  page: number;
  pageSize?: number;
  now?: Date;
}) {
  const dates = await activityDates();
  const seen: SQL[] = ownOnly ? [eq(activity.administratorId, ownOnly)] : [];
  const where = and(
    ...seen,
    ...(actor ? [eq(activity.actor, actor)] : []),
    ...(screen ? [eq(activity.screen, screen)] : []),
  );
  const [row] = await db().select({ total: count() }).from(activity).where(where);
  const total = row?.total ?? 0;
  const pages = pageCount({ total, pageSize });
  const rows = await db()
    .select()
    .from(activity)
    .where(where)
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(pageSize)
    .offset((Math.min(Math.max(page, 1), pages) - 1) * pageSize);
  // The filters offer the people and screens there is activity of (within what is seen).
  const people = await db()
    .selectDistinct({ actor: activity.actor })
    .from(activity)
    .where(and(...seen))
    .orderBy(activity.actor);
  const screens = await db()
    .selectDistinct({ screen: activity.screen })
    .from(activity)
    .where(and(...seen))
    .orderBy(activity.screen);
  return {
    total,
    pages,
    entries: rows.map(
      (entry): ActivityListEntry => ({
        id: entry.id,
        actor: entry.actor,
        screen: entry.screen,
        text: describeActivity(entry),
        ...timeWords(entry.at, now, dates),
      }),
    ),
    people: people.map((person) => person.actor),
    screens: screens.map((entry) => entry.screen),
  };
}

export interface LatestChange {
  actor: string;
  at: string;
  ago: string;
  full: string;
}

/**
 * "Changed by … 3 days ago" for a list's records (ADR 021): the latest record of each id on
 * that screen, in one query.
 */
export async function latestChanges({
  screen,
  ids,
  now = new Date(),
}: {
  screen: string;
  ids: string[];
  now?: Date;
}): Promise<Record<string, LatestChange>> {
  if (ids.length === 0) return {};
  const dates = await activityDates();
  const rows = await db()
    .selectDistinctOn([activity.recordId], {
      recordId: activity.recordId,
      actor: activity.actor,
      at: activity.at,
    })
    .from(activity)
    .where(and(eq(activity.screen, screen), inArray(activity.recordId, ids)))
    .orderBy(activity.recordId, desc(activity.at));
  return Object.fromEntries(
    rows.map((row) => [row.recordId ?? "", { actor: row.actor, ...timeWords(row.at, now, dates) }]),
  );
}

/** Retention (ADR 021): removes the records older than `days`; returns how many. */
export async function removeOldActivity({
  days,
  now = new Date(),
}: {
  days: number;
  now?: Date;
}): Promise<number> {
  const removed = await db()
    .delete(activity)
    .where(lt(activity.at, activityCutoff(now, days)))
    .returning({ id: activity.id });
  return removed.length;
}
