import { z } from "zod";

// Activity (ADR 021): what every admin write leaves behind, and how it reads. Pure: the
// queries are in activity.server.ts.

/** Who made a change that no signed-in administrator made (`npm run restore`). */
export const COMMAND_LINE = "command line";

/** Who publishes a scheduled news item at its time (ADR 034): the server, not a person. */
export const SCHEDULED_PUBLISHING = "scheduled publishing";

/** ADR 021: the Activity screen's entries per page. */
export const ACTIVITY_PAGE_SIZE = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The screens a record can name, with the words a sentence uses for one of their records
 * (ADR 021). The keys are the admin screens' keys; "sign-in" gathers signing in and out,
 * "season-figures" is an archived season's player figures, "backups" the command line's restore.
 */
const ACTIVITY_SCREENS: Record<string, { name: string; noun: string }> = {
  news: { name: "News", noun: "news item" },
  team: { name: "Team", noun: "person" },
  fixtures: { name: "Fixtures", noun: "fixture" },
  rounds: { name: "Rounds", noun: "round" },
  table: { name: "League table", noun: "table row" },
  seasons: { name: "Seasons", noun: "season" },
  "season-figures": { name: "Player figures", noun: "season figures of" },
  messages: { name: "Messages", noun: "message from" },
  subscribers: { name: "Subscribers", noun: "subscriber" },
  venues: { name: "Venues", noun: "venue" },
  "venue-access": { name: "Access guides", noun: "access guide of" },
  events: { name: "Club events", noun: "event" },
  competitions: { name: "Competitions", noun: "competition" },
  sponsors: { name: "Sponsors", noun: "sponsor" },
  pages: { name: "Pages", noun: "page text" },
  media: { name: "Photos", noun: "upload" },
  club: { name: "Club details", noun: "club details" },
  administrators: { name: "Administrators", noun: "administrator" },
  password: { name: "Password", noun: "password" },
  import: { name: "Import", noun: "export" },
  backups: { name: "Backups", noun: "backup" },
  "sign-in": { name: "Signing in", noun: "" },
};

/** The screen's name in the filter and the list; an unknown key is shown as it is. */
export const screenName = (screen: string): string => ACTIVITY_SCREENS[screen]?.name ?? screen;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Date) &&
  !(value instanceof Uint8Array);

/** Empty text and a missing value are the same to a reader of the form. */
const normalised = (value: unknown): unknown =>
  value === undefined || value === "" ? null : value instanceof Date ? value.getTime() : value;

function same(a: unknown, b: unknown): boolean {
  const x = normalised(a);
  const y = normalised(b);
  if (x === y) return true;
  if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return false;
  return JSON.stringify(x) === JSON.stringify(y);
}

/** Bookkeeping every write touches: never "a field that changed". */
const BOOKKEEPING = new Set(["id", "createdAt", "updatedAt", "sequence"]);

/**
 * The names of the fields that differ between a record before and after a change (ADR 021):
 * names only, never values. A field holding an object (the club's details) is looked into
 * one level, so its own fields are named. Bookkeeping columns (updatedAt, a calendar's
 * sequence) are left out. Either side missing (a create, a delete): no fields.
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): string[] {
  if (!before || !after) return [];
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed: string[] = [];
  for (const name of names) {
    if (BOOKKEEPING.has(name)) continue;
    const a = before[name];
    const b = after[name];
    if (isPlainObject(a) && isPlainObject(b)) {
      changed.push(...changedFields(a, b));
    } else if (!same(a, b)) {
      changed.push(name);
    }
  }
  return changed;
}

/** 'imageAlt' → 'image alt': a field's name as a sentence says it. */
export const fieldWords = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();

/**
 * A record's name in a sentence (ADR 021): its label field, looked for in the record and then
 * in an object it holds (the club's details keep their short name inside).
 */
export function labelOf(record: Record<string, unknown> | null | undefined, field: string): string {
  if (!record) return "";
  const own = record[field];
  if (typeof own === "string") return own;
  for (const value of Object.values(record)) {
    if (isPlainObject(value) && typeof value[field] === "string") return value[field] as string;
  }
  return "";
}

/** A screen's confirmation label ('“Cup draw”') without its quotation marks. */
export const plainLabel = (label: string): string => label.replace(/^“(.*)”$/s, "$1");

/** One entry of the Activity screen, its words and times worked out on the server. */
export interface ActivityListEntry {
  id: string;
  actor: string;
  screen: string;
  /** After the person's name: "updated the news item “Cup draw” (title)". */
  text: string;
  /** ISO instant; '3 days ago'; the exact time in the club's time zone. */
  at: string;
  ago: string;
  full: string;
}

export interface ActivityEntry {
  actor: string;
  screen: string;
  action: string;
  label: string;
  fields: string[];
}

const quote = (label: string) => (label ? ` “${label}”` : "");

/**
 * One entry in plain words after the person's name (ADR 021): "updated the news item
 * “Cup draw” (title, content)". Every action a screen records has its own words; a row's
 * own button not listed here is said by its name.
 */
export function describeActivity(entry: ActivityEntry): string {
  const { screen, action, label, fields } = entry;
  const noun = ACTIVITY_SCREENS[screen]?.noun ?? "record";
  const record = `the ${noun}${quote(label)}`;
  const changed = fields.length > 0 ? ` (${fields.map(fieldWords).join(", ")})` : "";
  switch (action) {
    case "sign-in":
      return "signed in";
    case "sign-out":
      return "signed out";
    case "sign-out-everywhere":
      return "signed out everywhere";
    case "password":
      return label && label !== entry.actor
        ? `set the password of${quote(label)}`
        : "changed their password";
    case "invite":
      return `invited${quote(label)} as an administrator`;
    case "roles":
      return `changed the roles of${quote(label)}${changed}`;
    case "import":
      return `imported the old site's export${quote(label)}${changed}`;
    case "restore":
      return `restored the whole site from the backup${quote(label)}`;
    case "create":
      return `added ${record}`;
    // rules §2 Subscribers: never the address itself (an erased address stays erased).
    case "export-subscribers":
      return "exported the subscribers as CSV";
    case "erase-subscriber":
      return "erased a subscriber's address";
    case "test-digest":
      return "sent themselves the next digest as a test";
    case "mail":
      return `e-mailed ${record} to its subscribers`;
    case "update":
      return screen === "club"
        ? `updated the club details${changed}`
        : `updated ${record}${changed}`;
    case "delete":
      return `deleted ${record}`;
    case "undo":
      return `brought back ${record} with Undo`;
    case "read":
      return `marked ${record} as read`;
    case "lock":
      return `locked ${record}`;
    case "unlock":
      return `unlocked ${record}`;
    case "move-up":
      return `moved ${record} up`;
    case "move-down":
      return `moved ${record} down`;
    // ADR 034: a news item's changes of state, and its revisions and preview links.
    case "publish":
      return `published ${record}`;
    case "schedule":
      return `scheduled ${record}`;
    case "send-for-review":
      return `sent ${record} for review`;
    case "back-to-draft":
      return `made ${record} a draft again`;
    case "take-down":
      return `took down ${record}`;
    case "restore-revision":
      return `restored an earlier version of ${record}`;
    case "preview-link":
      return `shared a preview link of ${record}`;
    case "withdraw-preview-link":
      return `withdrew a preview link of ${record}`;
    default:
      return `${fieldWords(action)}: ${record}${changed}`;
  }
}

/** ADR 021: records made before this instant are removed. */
export const activityCutoff = (now: Date, days: number): Date =>
  new Date(now.getTime() - days * DAY_MS);

/** ADR 021: the retention runs once a day; at start it is due (the server may have been off). */
export const isRetentionDue = (lastRun: Date | null, now: Date): boolean =>
  lastRun === null || now.getTime() - lastRun.getTime() >= DAY_MS;

/**
 * The Activity screen's address parameters (ADR 021): a person (their e-mail as recorded),
 * a screen and a page. A value that is not one of them is refused (404), never guessed.
 */
export const activityQuerySchema = z.object({
  person: z.string().trim().max(320).optional().default(""),
  screen: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z-]*$/)
    .optional()
    .default(""),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** The Activity screen's address for a query and page, with only what is set. */
export function activityPath(query: Pick<ActivityQuery, "person" | "screen">, page = 1): string {
  const params = new URLSearchParams();
  if (query.person) params.set("person", query.person);
  if (query.screen) params.set("screen", query.screen);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin/activity${search ? `?${search}` : ""}`;
}
