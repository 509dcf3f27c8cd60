import type { z } from "zod";
import { clubSite } from "../../config/club-site.ts";
import { FIXTURE_MESSAGES, PENALTY_MAX } from "../fixtures/fixture.schema.ts";
import { isCupType, outcome, scoreText } from "../fixtures/rules.ts";
import { slugify, TEAM_ROLES } from "../team/rules.ts";
import { duplicateKeyMessage } from "./duplicate-keys.ts";
import {
  type ImportedFixture,
  type ImportedNews,
  type ImportedTableRow,
  type ImportedTeamMember,
  importedFixtureSchema,
  importedNewsSchema,
  importedTableRowSchema,
  importedTeamMemberSchema,
} from "./import.schema.ts";
import { describeValue, readBoolean, readNumber, readText, readTimestamp } from "./values.ts";

// Moving from the old site (ADR 009, decisions 25): the pure half of the import. Reading
// an export file's shape, mapping each old document to the values this site stores (with
// every problem: row, field, value, reason), and the report's summary. No I/O.

/** ADR 009: the old site's four collections, in the order they are imported. */
export const COLLECTIONS = ["news", "fixtures", "leagueTable", "team"] as const;
export type Collection = (typeof COLLECTIONS)[number];

/**
 * ADR 009, ADR 048: a larger file is refused before it is read (1 MB = 1,000,000 bytes). 50 MB
 * (200 MB before): a 185 MB file of 10,000 news items took the server to 1.15-1.52 GB.
 */
export const IMPORT_MAX_BYTES = 50_000_000;

/**
 * ADR 025: what one import may cost, besides its bytes. Documents in the file (an old club
 * site has hundreds; 50,000 small news items stalled the server); how deep lists and objects
 * nest (an export needs six levels); values in the file (each list or object, and each comma:
 * a million empty scorer rows, or a file of nested empty lists, is refused before it is
 * parsed); records and problems listed in the report (the totals count them all).
 */
export const IMPORT_MAX_DOCUMENTS = 10_000;
export const IMPORT_MAX_DEPTH = 32;
export const IMPORT_MAX_VALUES = 1_000_000;
/** ADR 046: 500 (ADR 025 had 2,000; the page holding them took one turn of 40-50 ms). */
export const IMPORT_REPORT_MAX_LISTED = 500;

/** ADR 025: what the reader found over a limit, for the refusal. */
export type ReadLimit =
  | { kind: "depth"; at: number }
  | { kind: "values" }
  | { kind: "documents"; count: number }
  | { kind: "memory" };

/** ADR 025: the message for a file over one of the import's limits. */
export function readLimitMessage(limit: ReadLimit): string {
  const n = (value: number) => value.toLocaleString("en-GB");
  switch (limit.kind) {
    case "depth":
      return `The file nests lists or objects more than ${IMPORT_MAX_DEPTH} levels deep (at byte ${n(limit.at)}); an export of the old site needs six. Export the old site's database again.`;
    case "values":
      return `The file holds more than ${n(IMPORT_MAX_VALUES)} values (lists, objects and items), more than an export of ${n(IMPORT_MAX_DOCUMENTS)} documents. Export the collections in smaller files and import them one after another.`;
    case "documents":
      return `The file has ${n(limit.count)} documents, over the ${n(IMPORT_MAX_DOCUMENTS)} an import takes at once. Export the collections in smaller files (news, fixtures, leagueTable, team) and import them one after another.`;
    case "memory":
      return "The file needs more memory to read than an import may use. Export the collections in smaller files and import them one after another.";
  }
}

/**
 * ADR 009: the admin's upload (/admin/import) is a multipart form post: the file plus its
 * part headers, the boundaries and the intent field. The host's limit for form posts must let
 * this route's bodies through up to this size (1 MB of room for the rest).
 */
export const IMPORT_UPLOAD_MAX_BYTES = IMPORT_MAX_BYTES + 1_000_000;

/** ADR 009: --fetch-images needs the media store, which this site does not have yet. */
export const FETCH_IMAGES_UNAVAILABLE =
  "--fetch-images: downloading images needs the media store (image uploads), which this site " +
  "does not have yet. Image addresses are kept as addresses, pointing where they pointed " +
  "before: keep the old storage online until the pictures have been uploaded here.";

export interface ExportDocument {
  /** The document's position in its collection in the file, from 1. */
  row: number;
  /** The old document id. */
  id: string;
  data: unknown;
}

export interface PreparedExport {
  collections: Record<Collection, ExportDocument[]>;
  /** Keys of the file that are not one of the four collections (left alone). */
  ignored: string[];
}

export type Prepared = { ok: true; export: PreparedExport } | { ok: false; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const kindOf = (value: unknown) =>
  Array.isArray(value)
    ? "a list"
    : value === null
      ? "null"
      : typeof value === "string"
        ? "text"
        : typeof value === "object"
          ? "an object"
          : `a ${typeof value}`;

const SHAPE_HINT =
  "An export of the old site is one JSON object with a key per collection (news, fixtures, " +
  "leagueTable, team), each mapping document ids to documents, either at the top or under " +
  '"__collections__".';

/**
 * ADR 009, §3: the file's text as an export, or a message naming what is wrong: too
 * large, not JSON, or not an export of this shape.
 */
export function prepareExport(json: string | Uint8Array): Prepared {
  const bytes = typeof json === "string" ? new TextEncoder().encode(json).byteLength : json.length;
  if (bytes > IMPORT_MAX_BYTES) return { ok: false, message: tooLargeMessage(bytes) };
  const text = (typeof json === "string" ? json : new TextDecoder().decode(json)).replace(
    /^\uFEFF/,
    "",
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      message: `The file is not JSON (${detail}). Export the old site's database to a .json file and try again.`,
    };
  }
  const duplicate = duplicateKeyMessage(text);
  if (duplicate) return { ok: false, message: duplicate };
  return readExportShape(parsed);
}

/** ADR 009: the message for a file over the limit. */
export function tooLargeMessage(bytes: number): string {
  const mb = (n: number) =>
    `${(n / 1_000_000).toLocaleString("en-GB", { maximumFractionDigits: 1 })} MB`;
  return `The file is ${mb(bytes)}, over the ${mb(IMPORT_MAX_BYTES)} limit. Export the collections in smaller files (news, fixtures, leagueTable, team) and import them one after another.`;
}

/** ADR 009: the four collections of a parsed export, plain or under "__collections__". */
export function readExportShape(parsed: unknown): Prepared {
  if (!isRecord(parsed)) {
    return {
      ok: false,
      message: `The file is JSON but not an export of the old site: it holds ${kindOf(parsed)}. ${SHAPE_HINT}`,
    };
  }
  const root = isRecord(parsed.__collections__) ? parsed.__collections__ : parsed;
  const present = COLLECTIONS.filter((name) => name in root);
  if (present.length === 0) {
    const keys = Object.keys(root).slice(0, 8);
    const has =
      keys.length === 0 ? "it is empty" : `it has ${keys.map((k) => `"${k}"`).join(", ")}`;
    return {
      ok: false,
      message: `The file is JSON but not an export of the old site: none of the collections news, fixtures, leagueTable or team is in it (${has}). ${SHAPE_HINT}`,
    };
  }
  const collections = { news: [], fixtures: [], leagueTable: [], team: [] } as Record<
    Collection,
    ExportDocument[]
  >;
  for (const name of present) {
    const documents = root[name];
    if (!isRecord(documents)) {
      return {
        ok: false,
        message: `The file is not an export of this shape: "${name}" should map document ids to documents, but it is ${kindOf(documents)}. ${SHAPE_HINT}`,
      };
    }
    collections[name] = Object.entries(documents).map(([id, data], index) => ({
      row: index + 1,
      id,
      data,
    }));
  }
  const ignored = Object.keys(root).filter(
    (key) => key !== "__collections__" && !(COLLECTIONS as readonly string[]).includes(key),
  );
  return { ok: true, export: { collections, ignored } };
}

/** The fields each collection's documents are read from (rules §3); the rest are listed as not imported. */
const KNOWN_FIELDS: Record<Collection, readonly string[]> = {
  news: ["title", "content", "image", "category", "date"],
  fixtures: [
    "opponent",
    "location",
    "date",
    "timeTBC",
    "timeTbc",
    "type",
    "stage",
    "score",
    "result",
    "homeScore",
    "awayScore",
    "pensHome",
    "pensAway",
    "scorers",
  ],
  // GD is worked out here (decisions 4): an old stored one is not needed.
  leagueTable: ["team", "played", "won", "drawn", "lost", "gf", "ga", "gd", "points", "logo"],
  team: [
    "name",
    "role",
    "slug",
    "image",
    "number",
    "position",
    "classification",
    "playingSince",
    "bio",
    "goals",
    "assists",
    "yellowCards",
    "redCards",
  ],
};

/** Keys some export tools add to every document: its id, its sub-collections. */
const EXPORT_KEYS = ["id", "__collections__"];

/**
 * decisions 3 (nothing dropped silently): the fields of a collection's documents that are
 * not imported, with how many documents have each, as a note for the report; null if none.
 */
export function unimportedFieldsNote(
  collection: Collection,
  documents: readonly ExportDocument[],
): string | null {
  const counts = new Map<string, number>();
  for (const { data } of documents) {
    if (!isRecord(data)) continue;
    for (const key of Object.keys(data)) {
      if (KNOWN_FIELDS[collection].includes(key) || EXPORT_KEYS.includes(key)) continue;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  if (counts.size === 0) return null;
  const list = [...counts].map(([key, n]) => `${key} (${n} ${n === 1 ? "document" : "documents"})`);
  return `Fields of ${collection} not imported (this site has no place for them): ${list.join(", ")}.`;
}

export interface FieldProblem {
  field: string;
  value: string;
  reason: string;
  /** error: the document is skipped; warning: it is imported, changed as the reason says. */
  severity: "error" | "warning";
}

export type Mapped<T> =
  | { ok: true; values: T; problems: FieldProblem[] }
  | { ok: false; problems: FieldProblem[] };

const NOT_A_DOCUMENT = "Not a document (expected an object of fields).";

type Raw = Record<string, unknown>;

/**
 * Parses with the domain's schema; an optional field it refuses (a picture address that is
 * no web address, a category too long) is left out with a warning rather than losing the
 * whole document; any other refusal is an error naming the field, the value and the reason.
 */
function parseDocument<S extends z.ZodType>({
  schema,
  candidate,
  droppable,
  problems,
}: {
  schema: S;
  candidate: Raw;
  droppable: readonly string[];
  problems: FieldProblem[];
}): Mapped<z.output<S>> {
  const values = { ...candidate };
  for (;;) {
    const result = schema.safeParse(values);
    if (result.success) return { ok: true, values: result.data, problems };
    const issues = result.error.issues;
    const canDrop = (issue: z.core.$ZodIssue) => {
      const field = String(issue.path[0]);
      return droppable.includes(field) && values[field] !== undefined;
    };
    const errors = issues.filter((issue) => !canDrop(issue));
    if (errors.length > 0) {
      return {
        ok: false,
        problems: dedupe(
          errors.map((issue) => ({
            field: issue.path.map(String).join(".") || "(document)",
            value: describeValue(valueAt(values, issue.path)),
            reason: issue.message,
            severity: "error" as const,
          })),
        ),
      };
    }
    for (const issue of issues) {
      const field = String(issue.path[0]);
      if (values[field] === undefined) continue;
      problems.push({
        field,
        value: describeValue(values[field]),
        reason: `${issue.message} Left out.`,
        severity: "warning",
      });
      values[field] = undefined;
    }
  }
}

function dedupe(problems: FieldProblem[]): FieldProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.field}\u0000${p.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function valueAt(object: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = object;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A timestamp field: the date, or an error problem (missing gives null). */
function timestampField(
  raw: Raw,
  field: string,
  problems: FieldProblem[],
  zone: { timeZone: string },
): Date | null | false {
  const read = readTimestamp(raw[field], zone);
  if (read.ok) return read.value;
  problems.push({
    field,
    value: describeValue(raw[field]),
    reason: read.reason,
    severity: "error",
  });
  return false;
}

/** ADR 009 news: title, content, image, category, date. */
export function mapNewsDocument(
  data: unknown,
  /** The club's time zone, for dates without an offset (decisions 5). The default: a new club's. */
  zone: { timeZone: string } = { timeZone: clubSite.timeZone },
): Mapped<ImportedNews> {
  if (!isRecord(data)) return notADocument(data);
  const problems: FieldProblem[] = [];
  const date = timestampField(data, "date", problems, zone);
  if (date === false) return { ok: false, problems };
  if (date === null) {
    problems.push({
      field: "date",
      value: describeValue(data.date),
      reason: "No date: the item is shown with the date 'Unknown', after the dated ones.",
      severity: "warning",
    });
  }
  return parseDocument({
    schema: importedNewsSchema,
    candidate: {
      title: readText(data.title),
      content: readText(data.content),
      image: readText(data.image),
      category: readText(data.category),
      date,
    },
    droppable: ["image", "category"],
    problems,
  });
}

const SCORE_TEXT = /^\s*(\d{1,3})\s*[-–:]\s*(\d{1,3})\s*$/;

/** A scorer's minute as the old form may have kept it: 45, "45", "45'", "90+3" (= 93). */
function readMinute(value: unknown): unknown {
  if (typeof value !== "string") return readNumber(value);
  const text = value.trim().replace(/['’′]$/, "");
  const added = /^(\d{1,3})\s*\+\s*(\d{1,2})$/.exec(text);
  return added ? Number(added[1]) + Number(added[2]) : readNumber(text);
}

/**
 * ADR 009 fixtures: every field; the old stored `score` text and `result` are not kept
 * but recomputed from the numbers (decisions 4), and a disagreement is reported.
 */
export function mapFixtureDocument(
  data: unknown,
  /** The club's time zone, for dates without an offset (decisions 5). The default: a new club's. */
  zone: { timeZone: string } = { timeZone: clubSite.timeZone },
): Mapped<ImportedFixture> {
  if (!isRecord(data)) return notADocument(data);
  const problems: FieldProblem[] = [];
  const date = timestampField(data, "date", problems, zone);
  if (date === false) return { ok: false, problems };

  let home = readNumber(data.homeScore);
  let away = readNumber(data.awayScore);
  const storedScore = typeof data.score === "string" ? data.score.trim() : "";
  const fromText = SCORE_TEXT.exec(storedScore);
  if (home === undefined && away === undefined && fromText) {
    home = Number(fromText[1]);
    away = Number(fromText[2]);
    problems.push({
      field: "score",
      value: describeValue(data.score),
      reason: "No homeScore and awayScore: the score was taken from this text.",
      severity: "warning",
    });
  }

  const scorers: unknown[] = [];
  const rawScorers = data.scorers;
  if (Array.isArray(rawScorers)) {
    rawScorers.forEach((row, index) => {
      const name = isRecord(row) && typeof row.name === "string" ? row.name.trim() : "";
      const minute = isRecord(row) ? readMinute(row.minute) : undefined;
      // rules §5 Result entry: a scorer row is kept only with both a name and a minute.
      if (!name || minute === undefined) {
        problems.push({
          field: `scorers.${index}`,
          value: describeValue(row),
          reason: "A scorer needs both a name and a minute (rules §5): this row was left out.",
          severity: "warning",
        });
        return;
      }
      scorers.push({ name, minute });
    });
  }

  const candidate: Raw = {
    opponent: readText(data.opponent),
    location: readText(data.location),
    date,
    timeTbc: readBoolean(data.timeTBC ?? data.timeTbc),
    type: readText(data.type),
    stage: readText(data.stage),
    homeScore: home,
    awayScore: away,
    pensHome: readNumber(data.pensHome),
    pensAway: readNumber(data.pensAway),
    scorers:
      rawScorers === undefined || rawScorers === null
        ? []
        : Array.isArray(rawScorers)
          ? scorers
          : rawScorers,
  };

  // Penalties the old form kept after the match stopped being a level cup game do not apply
  // (rules §5 Result entry): left out with a warning rather than losing the result.
  const pensGiven = candidate.pensHome !== undefined || candidate.pensAway !== undefined;
  const pensInRange = [candidate.pensHome, candidate.pensAway].every(
    (n) => n === undefined || (typeof n === "number" && n >= 0 && n <= PENALTY_MAX),
  );
  if (pensGiven && pensInRange) {
    const type =
      typeof candidate.type === "string" && candidate.type.trim() ? candidate.type : "Friendly";
    const level = typeof home === "number" && home === away;
    const reason = !isCupType(type)
      ? FIXTURE_MESSAGES.penaltiesNotCup
      : !level
        ? FIXTURE_MESSAGES.penaltiesNotLevel
        : null;
    if (reason) {
      problems.push({
        field: "pensHome",
        value: describeValue([data.pensHome, data.pensAway]),
        reason: `${reason} Left out.`,
        severity: "warning",
      });
      candidate.pensHome = undefined;
      candidate.pensAway = undefined;
    }
  }

  const mapped = parseDocument({
    schema: importedFixtureSchema,
    candidate,
    droppable: [],
    problems,
  });
  if (!mapped.ok) return mapped;

  const computedScore = scoreText(mapped.values);
  const computedResult = outcome(mapped.values);
  if (storedScore && squash(storedScore) !== squash(computedScore ?? "")) {
    mapped.problems.push({
      field: "score",
      value: describeValue(data.score),
      reason: `Disagrees with homeScore and awayScore: recomputed as ${computedScore ? `'${computedScore}'` : "no score"}.`,
      severity: "warning",
    });
  }
  const storedResult = typeof data.result === "string" ? data.result.trim().toLowerCase() : "";
  if (storedResult && storedResult !== (computedResult ?? "")) {
    mapped.problems.push({
      field: "result",
      value: describeValue(data.result),
      reason: `Disagrees with the scores: recomputed as ${computedResult ? `'${computedResult}'` : "no result yet"}.`,
      severity: "warning",
    });
  }
  return mapped;
}

const squash = (text: string) => text.replace(/\s+/g, "").replace(/[–:]/g, "-");

const TABLE_COUNTS = ["played", "won", "drawn", "lost", "gf", "ga"] as const;

/** ADR 009 league table rows: team, played … points, logo (GD is computed, never read). */
export function mapTableDocument(data: unknown): Mapped<ImportedTableRow> {
  if (!isRecord(data)) return notADocument(data);
  const problems: FieldProblem[] = [];
  const candidate: Raw = { team: readText(data.team), logo: readText(data.logo) };
  for (const field of TABLE_COUNTS) {
    const value = readNumber(data[field]);
    if (value === undefined) {
      problems.push({
        field,
        value: describeValue(data[field]),
        reason: "Missing: taken as 0.",
        severity: "warning",
      });
    }
    candidate[field] = value ?? 0;
  }
  candidate.points = readNumber(data.points);
  const mapped = parseDocument({
    schema: importedTableRowSchema,
    candidate,
    droppable: ["logo"],
    problems,
  });
  return mapped.ok ? { ok: true, values: mapped.values.values, problems: mapped.problems } : mapped;
}

/** A team record as mapped: the values, and the slug it asks for. */
export interface MappedTeamMember {
  member: ImportedTeamMember;
  /** The slug the record should have here (the old one when it is a valid slug). */
  slug: string;
  /** The old /team/{slug}, when it cannot be kept as it is (it then redirects). */
  legacySlug: string | null;
}

/** A slug this site's addresses accept (app/routes/site/player.tsx). */
const VALID_SLUG = /^[a-z0-9-]{1,120}$/;

/**
 * ADR 009 team records: every field, the bio sanitised with today's rules (the
 * sanitiser is passed in: it is server code), the role read generously (any coach role).
 */
export function mapTeamDocument(
  data: unknown,
  { sanitizeBio }: { sanitizeBio: (html: string) => string },
): Mapped<MappedTeamMember> {
  if (!isRecord(data)) return notADocument(data);
  const problems: FieldProblem[] = [];
  const role = readRole(data.role, problems);
  const bioRaw = readText(data.bio);
  let bio: unknown = bioRaw;
  if (typeof bioRaw === "string") {
    bio = sanitizeBio(bioRaw);
    if (comparableBio(bio as string) !== comparableBio(bioRaw)) {
      problems.push({
        field: "bio",
        value: describeValue(bioRaw),
        reason:
          "Markup this site does not allow (scripts, styles, event handlers, unsafe links) was removed.",
        severity: "warning",
      });
    }
  }
  const candidate: Raw = {
    name: readText(data.name),
    role,
    number: readText(data.number),
    position: readText(data.position),
    classification: readText(data.classification),
    playingSince: readText(data.playingSince),
    goals: readNumber(data.goals),
    assists: readNumber(data.assists),
    yellowCards: readNumber(data.yellowCards),
    redCards: readNumber(data.redCards),
    image: readText(data.image),
    bio: bio ?? "",
  };
  const mapped = parseDocument({
    schema: importedTeamMemberSchema,
    candidate,
    droppable: ["image"],
    problems,
  });
  if (!mapped.ok) return mapped;
  const oldSlug = typeof data.slug === "string" ? data.slug.trim() : "";
  const keepable = VALID_SLUG.test(oldSlug);
  const slug = keepable ? oldSlug : slugify(oldSlug || mapped.values.name) || "member";
  return {
    ok: true,
    values: { member: mapped.values, slug, legacySlug: oldSlug && !keepable ? oldSlug : null },
    problems: mapped.problems,
  };
}

/**
 * A bio with what the sanitiser adds or renames on its own (rel and target on links, <b> as
 * <strong>, <i> as <em>) evened out: when the two still differ, something was removed.
 */
function comparableBio(html: string): string {
  return html
    .replace(/\s(?:rel|target)="[^"]*"/g, "")
    .replace(/<(\/?)b>/g, "<$1strong>")
    .replace(/<(\/?)i>/g, "<$1em>")
    .trim();
}

/** decisions 9: Player, Head Coach or Assistant Coach; other coach titles are read as the nearest. */
function readRole(value: unknown, problems: FieldProblem[]): unknown {
  if (value === undefined || value === null || value === "") return "Player";
  if (typeof value !== "string") return value;
  const text = value.trim();
  const exact = TEAM_ROLES.find((role) => role.toLowerCase() === text.toLowerCase());
  if (exact) return exact;
  if (/coach|manager/i.test(text)) {
    const role = /head|manager/i.test(text) ? "Head Coach" : "Assistant Coach";
    problems.push({
      field: "role",
      value: describeValue(value),
      reason: `Not one of ${TEAM_ROLES.join(", ")}: imported as ${role}.`,
      severity: "warning",
    });
    return role;
  }
  return value;
}

function notADocument(data: unknown): { ok: false; problems: FieldProblem[] } {
  return {
    ok: false,
    problems: [
      {
        field: "(document)",
        value: describeValue(data),
        reason: NOT_A_DOCUMENT,
        severity: "error",
      },
    ],
  };
}

/**
 * The values a document mapped to, as one stable text: the same values give the same text
 * whatever shape the file wrote them in (a timestamp object or an ISO date), so importing
 * the same content again changes nothing (ADR 009).
 */
export function canonicalJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

// The report (ADR 009): written as JSON, summarised on the terminal and in the admin.

type RecordAction = "created" | "updated" | "unchanged" | "skipped";

export interface ImportProblem extends FieldProblem {
  collection: Collection;
  row: number;
  id: string;
}

export interface CollectionReport {
  /** Documents in the file. */
  found: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Why the whole collection was not written (all or nothing), or null. */
  failed: string | null;
}

export interface RecordOutcome {
  collection: Collection;
  row: number;
  id: string;
  action: RecordAction;
  /** The record here (created, updated, unchanged), or null. */
  recordId: string | null;
  /** Its public address, for news and players. */
  address: string | null;
}

export interface ImportReport {
  dryRun: boolean;
  startedAt: string;
  finishedAt: string;
  /** Why the whole file was refused (too large, not JSON, not this shape), or null. */
  refused: string | null;
  collections: Record<Collection, CollectionReport>;
  problems: ImportProblem[];
  records: RecordOutcome[];
  /** Remarks about the whole run (keys left alone, --fetch-images). */
  notes: string[];
}

export function emptyCollectionReport(found = 0): CollectionReport {
  return { found, created: 0, updated: 0, unchanged: 0, skipped: 0, failed: null };
}

export function emptyReport({
  dryRun,
  startedAt,
}: {
  dryRun: boolean;
  startedAt: Date;
}): ImportReport {
  return {
    dryRun,
    startedAt: startedAt.toISOString(),
    finishedAt: startedAt.toISOString(),
    refused: null,
    collections: {
      news: emptyCollectionReport(),
      fixtures: emptyCollectionReport(),
      leagueTable: emptyCollectionReport(),
      team: emptyCollectionReport(),
    },
    problems: [],
    records: [],
    notes: [],
  };
}

/** True when everything in the file was imported (warnings allowed). */
export function isCompleteImport(report: ImportReport): boolean {
  return (
    report.refused === null &&
    COLLECTIONS.every((c) => report.collections[c].skipped === 0 && !report.collections[c].failed)
  );
}

/** ADR 009: the terminal's summary: per collection, then every problem, then the notes. */
export function summariseReport(report: ImportReport): string {
  if (report.refused) return `Refused: ${report.refused}\nNothing was written.`;
  const lines: string[] = [];
  const will = report.dryRun;
  lines.push(
    will ? "Dry run: nothing was written. This is what a real run would do:" : "Import finished:",
  );
  for (const name of COLLECTIONS) {
    const c = report.collections[name];
    const parts = [
      `${c.found} in the file`,
      `${will ? "would create" : "created"} ${c.created}`,
      `${will ? "would update" : "updated"} ${c.updated}`,
      `unchanged ${c.unchanged}`,
      `${will ? "would skip" : "skipped"} ${c.skipped}`,
    ];
    lines.push(`  ${name.padEnd(12)}${parts.join(", ")}`);
    if (c.failed) {
      lines.push(
        `    ${will ? "Would fail" : "Failed"}, nothing ${will ? "would be" : "was"} written for ${name}: ${c.failed}`,
      );
    }
  }
  const errors = report.problems.filter((p) => p.severity === "error");
  const warnings = report.problems.filter((p) => p.severity === "warning");
  for (const [title, list] of [
    [`Skipped documents (${errors.length}):`, errors],
    [`Imported with changes (${warnings.length}):`, warnings],
  ] as const) {
    if (list.length === 0) continue;
    lines.push("", title);
    for (const p of list) lines.push(`  ${problemLine(p)}`);
  }
  for (const note of report.notes) lines.push("", note);
  return lines.join("\n");
}

/** One problem on one line: where (collection, row, old id), the field and value, the reason. */
export function problemLine(p: ImportProblem): string {
  const what = p.value === "" ? p.field : `${p.field} = ${p.value}`;
  return `${p.collection} row ${p.row} (id ${p.id}): ${what}: ${p.reason}`;
}

/** ADR 009: the progress bar of a large file, e.g. 'news [#####.....] 50% 100/200'. */
export function progressBar({
  label,
  done,
  total,
  width = 30,
}: {
  label: string;
  done: number;
  total: number;
  width?: number;
}): string {
  const share = total === 0 ? 1 : Math.min(1, Math.max(0, done / total));
  const filled = Math.round(share * width);
  const percent = String(Math.floor(share * 100)).padStart(3);
  return `${label.padEnd(12)}[${"#".repeat(filled)}${".".repeat(width - filled)}] ${percent}% ${done}/${total}`;
}
