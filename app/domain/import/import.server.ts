import { createHash, randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { db, withTransactionScope } from "../../db/database.server.ts";
import { importedRecords } from "../../db/schema.ts";
import { getClubTimeZone } from "../club/club.server.ts";
import {
  createImportedFixtures,
  fixturesChangedAt,
  updateImportedFixture,
} from "../fixtures/fixtures.server.ts";
import { createImportedNews, newsChangedAt, updateImportedNews } from "../news/news.server.ts";
import { TABLE_MESSAGES } from "../table/table.schema.ts";
import {
  createImportedTableRows,
  listTableTeamNames,
  tableRowsChangedAt,
  updateImportedTableRow,
} from "../table/table.server.ts";
import { sanitizeBio } from "../team/bio.server.ts";
import { uniqueSlug } from "../team/rules.ts";
import {
  createImportedTeamMembers,
  listTeamSlugsInUse,
  teamMembersChangedAt,
  updateImportedTeamMember,
} from "../team/team.server.ts";
import { readExport, yieldToEventLoop } from "./read.server.ts";
import {
  COLLECTIONS,
  type Collection,
  canonicalJson,
  type ExportDocument,
  emptyCollectionReport,
  emptyReport,
  FETCH_IMAGES_UNAVAILABLE,
  type FieldProblem,
  IMPORT_REPORT_MAX_LISTED,
  type ImportProblem,
  type ImportReport,
  type Mapped,
  type MappedTeamMember,
  mapFixtureDocument,
  mapNewsDocument,
  mapTableDocument,
  mapTeamDocument,
  type PreparedExport,
  type RecordOutcome,
  unimportedFieldsNote,
} from "./rules.ts";

// Moving from the old site (ADR 009, decisions 25): the import itself, shared by
// `npm run import` and the admin's upload. Each collection is written in one transaction,
// all or nothing; documents are matched to what an earlier import made by their old ids
// (imported_records), so the same file twice changes nothing; nothing is ever deleted, and
// nothing changed on this site since it was imported is overwritten.

export interface ImportProgress {
  collection: Collection;
  /** Documents of this collection handled so far. */
  done: number;
  total: number;
}

export interface ImportOptions {
  /** Work everything out and report it, inside transactions that are rolled back. */
  dryRun?: boolean;
  /** Called after each document, inside the collection's transaction. */
  onProgress?: (progress: ImportProgress) => void;
  /** Asked for, but not possible yet: reported (FETCH_IMAGES_UNAVAILABLE), addresses kept. */
  fetchImages?: boolean;
  /** Stops the run: the collection being written is rolled back, later ones are not started. */
  signal?: AbortSignal;
}

/**
 * ADR 009: imports an export file's text; the report says what was (or would be) done. The
 * file is read off the event loop, within the limits of ADR 025.
 */
export async function importExport({
  json,
  ...options
}: ImportOptions & { json: string | Uint8Array }): Promise<ImportReport> {
  const prepared = await readExport(
    typeof json === "string" ? new TextEncoder().encode(json) : json,
  );
  if (!prepared.ok) {
    const report = emptyReport({ dryRun: options.dryRun ?? false, startedAt: new Date() });
    report.refused = prepared.message;
    return report;
  }
  return importPrepared({ prepared: prepared.export, ...options });
}

/** ADR 009: imports an export already read with prepareExport (the command line checks first). */
export async function importPrepared({
  prepared,
  dryRun = false,
  onProgress,
  fetchImages = false,
  signal,
}: ImportOptions & { prepared: PreparedExport }): Promise<ImportReport> {
  const report = emptyReport({ dryRun, startedAt: new Date() });
  if (prepared.ignored.length > 0) {
    report.notes.push(
      `Left alone (not one of news, fixtures, leagueTable, team): ${prepared.ignored.join(", ")}.`,
    );
  }
  for (const collection of COLLECTIONS) {
    const note = unimportedFieldsNote(collection, prepared.collections[collection]);
    if (note) report.notes.push(note);
  }
  if (fetchImages) report.notes.push(FETCH_IMAGES_UNAVAILABLE);
  const unlisted = { records: 0, problems: 0 };
  for (const collection of COLLECTIONS) {
    await importCollection({
      collection,
      documents: prepared.collections[collection],
      report,
      unlisted,
      dryRun,
      onProgress,
      signal,
    });
  }
  if (unlisted.records > 0 || unlisted.problems > 0) {
    report.notes.push(unlistedNote(unlisted));
  }
  report.finishedAt = new Date().toISOString();
  return report;
}

/** ADR 025: what the report leaves out of its lists (the totals count everything). */
function unlistedNote({ records, problems }: { records: number; problems: number }): string {
  const n = (value: number) => value.toLocaleString("en-GB");
  return `The report lists the first ${n(IMPORT_REPORT_MAX_LISTED)} records and the first ${n(IMPORT_REPORT_MAX_LISTED)} problems: ${n(records)} more records and ${n(problems)} more problems are counted in the totals but not listed.`;
}

/** Adds items to a report's list up to its limit (never spread: a long list overflows the stack); returns how many were left out. */
function listUpTo<T>(list: T[], items: T[]): number {
  let left = 0;
  for (const item of items) {
    if (list.length < IMPORT_REPORT_MAX_LISTED) list.push(item);
    else left++;
  }
  return left;
}

/** ADR 025: this thread's work comes in slices of a few milliseconds; others get in between. */
const SLICE_MS = 10;

/**
 * New records per insert statement, and their text at most (as hashed, in characters): one
 * statement on the embedded database runs on this thread, and nothing else is answered while
 * it runs. About 16 KB of news took 3-6 ms on a quiet machine (ADR 033).
 */
const INSERT_BATCH = 25;
const INSERT_BATCH_CHARS = 16_000;

class DryRunRollback extends Error {}
class Stopped extends Error {}

/** The old id's record from an earlier import, by collection. */
interface Earlier {
  recordId: string;
  sourceHash: string;
  writtenAt: Date;
}

/** What differs per collection: mapping, the entity's own writes, and its extra checks. */
interface Target<T> {
  map(data: unknown): Mapped<T>;
  changedAt(ids: string[]): Promise<Map<string, Date>>;
  /** Loads what the checks need (slugs in use, team names), inside the transaction. */
  load(): Promise<void>;
  /** A reason not to write this document (a team already in the table), or null. */
  check(values: T, recordId: string | null): FieldProblem | null;
  /**
   * Takes what a new record claims (a slug, a team name) before it is written, so the
   * documents after it see it; returns a warning when it had to differ from the old one.
   */
  claim(values: T, recordId: string): FieldProblem | null;
  insert(rows: { id: string; values: T }[], at: Date): Promise<void>;
  update(args: { id: string; values: T; at: Date }): Promise<boolean>;
  legacySlug(values: T): string | null;
  address(values: T, recordId: string): string | null;
}

function targetFor(collection: Collection, zone: { timeZone: string }): Target<unknown> {
  if (collection === "news") {
    return {
      map: (data) => mapNewsDocument(data, zone),
      changedAt: (ids) => newsChangedAt({ ids }),
      load: async () => {},
      check: () => null,
      claim: () => null,
      insert: (rows, at) =>
        createImportedNews({
          rows: rows.map(({ id, values }) => ({ id, values: withNulls(values) })),
          at,
        }),
      update: ({ id, values, at }) => updateImportedNews({ id, values: withNulls(values), at }),
      legacySlug: () => null,
      address: (_values, id) => `/news/${id}`,
    } satisfies Target<NewsValues> as Target<unknown>;
  }
  if (collection === "fixtures") {
    return {
      map: (data) => mapFixtureDocument(data, zone),
      changedAt: (ids) => fixturesChangedAt({ ids }),
      load: async () => {},
      check: () => null,
      claim: () => null,
      insert: (rows, at) => createImportedFixtures({ rows, at }),
      update: (args) => updateImportedFixture(args),
      legacySlug: () => null,
      address: () => null,
    } satisfies Target<FixtureValues> as Target<unknown>;
  }
  if (collection === "leagueTable") {
    let teams = new Map<string, string>();
    const key = (values: TableValues) => values.team.trim().toLowerCase();
    return {
      map: mapTableDocument,
      changedAt: (ids) => tableRowsChangedAt({ ids }),
      load: async () => {
        teams = await listTableTeamNames();
      },
      // Manage League Table keeps one row per team; so does the import.
      check: (values, recordId) => {
        const holder = teams.get(key(values));
        return holder !== undefined && holder !== recordId
          ? {
              field: "team",
              value: JSON.stringify(values.team),
              reason: TABLE_MESSAGES.teamTaken,
              severity: "error",
            }
          : null;
      },
      claim: (values, recordId) => {
        teams.set(key(values), recordId);
        return null;
      },
      insert: (rows, at) => createImportedTableRows({ rows, at }),
      update: (args) => updateImportedTableRow(args),
      legacySlug: () => null,
      address: () => null,
    } satisfies Target<TableValues> as Target<unknown>;
  }
  let slugs = new Map<string, string>();
  return {
    map: (data) => mapTeamDocument(data, { sanitizeBio }),
    changedAt: (ids) => teamMembersChangedAt({ ids }),
    load: async () => {
      slugs = await listTeamSlugsInUse();
    },
    check: () => null,
    // ADR 009: the old slug when it is free, so /team/{slug} keeps working; when someone
    // here has it already, the next free one, and the report says so.
    claim: (values, recordId) => {
      const slug = slugs.has(values.slug)
        ? uniqueSlug({ name: values.slug, taken: new Set(slugs.keys()) })
        : values.slug;
      slugs.set(slug, recordId);
      if (slug === values.slug) return null;
      values.slugTaken = slug;
      return {
        field: "slug",
        value: JSON.stringify(values.slug),
        reason: `Already used by someone on this site: this person's address is /team/${slug}.`,
        severity: "warning",
      };
    },
    insert: (rows, at) =>
      createImportedTeamMembers({
        rows: rows.map(({ id, values }) => ({
          id,
          slug: values.slugTaken ?? values.slug,
          values: values.member,
        })),
        at,
      }),
    update: ({ id, values, at }) => updateImportedTeamMember({ id, values: values.member, at }),
    legacySlug: (values) => values.legacySlug,
    address: (values, id) => {
      const slug = values.slugTaken ?? [...slugs].find(([, holder]) => holder === id)?.[0];
      return values.member.role === "Player" && slug ? `/team/${slug}` : null;
    },
  } satisfies Target<TeamValues> as Target<unknown>;
}

type NewsValues = Extract<ReturnType<typeof mapNewsDocument>, { ok: true }>["values"];
type FixtureValues = Extract<ReturnType<typeof mapFixtureDocument>, { ok: true }>["values"];
type TableValues = Extract<ReturnType<typeof mapTableDocument>, { ok: true }>["values"];
type TeamValues = MappedTeamMember & { slugTaken?: string };

const withNulls = (values: NewsValues) => ({
  ...values,
  image: values.image ?? null,
  category: values.category ?? null,
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Keeps the parameter lists of `in (…)` well inside PostgreSQL's limit. */
async function inChunks<T>(
  ids: string[],
  load: (chunk: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> {
  const all = new Map<string, T>();
  // A thousand at a time: a statement with 5,000 parameters held the embedded database
  // (and this thread) for half a second.
  for (let start = 0; start < ids.length; start += 1_000) {
    for (const [key, value] of await load(ids.slice(start, start + 1_000))) all.set(key, value);
    // Inside a transaction a query does not wait its turn (open.server.ts): others get in here.
    await yieldToEventLoop();
  }
  return all;
}

async function earlierImports(
  collection: Collection,
  legacyIds: string[],
): Promise<Map<string, Earlier>> {
  return inChunks(legacyIds, async (chunk) => {
    const rows = await db()
      .select({
        legacyId: importedRecords.legacyId,
        recordId: importedRecords.recordId,
        sourceHash: importedRecords.sourceHash,
        writtenAt: importedRecords.writtenAt,
      })
      .from(importedRecords)
      .where(
        and(eq(importedRecords.collection, collection), inArray(importedRecords.legacyId, chunk)),
      );
    return new Map(rows.map(({ legacyId, ...earlier }) => [legacyId, earlier]));
  });
}

async function importCollection({
  collection,
  documents,
  report,
  unlisted,
  dryRun,
  onProgress,
  signal,
}: {
  collection: Collection;
  documents: ExportDocument[];
  report: ImportReport;
  unlisted: { records: number; problems: number };
  dryRun: boolean;
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
}): Promise<void> {
  const summary = emptyCollectionReport(documents.length);
  report.collections[collection] = summary;
  if (documents.length === 0) return;
  // decisions 5: a date without an offset is the club's time (Club details, ADR 022).
  const target = targetFor(collection, { timeZone: await getClubTimeZone() });
  const where = (doc: ExportDocument) => ({ collection, row: doc.row, id: doc.id });
  let slice = performance.now();
  const pause = async () => {
    if (performance.now() - slice < SLICE_MS) return;
    await yieldToEventLoop();
    slice = performance.now();
  };
  const mapped: { doc: ExportDocument; result: Mapped<unknown> }[] = [];
  for (const doc of documents) {
    mapped.push({ doc, result: target.map(doc.data) });
    await pause();
  }

  // Worked out inside the transaction; kept only once it commits (or, in a dry run, once it
  // has been rolled back on purpose).
  let outcomes: RecordOutcome[] = [];
  let problems: ImportProblem[] = [];
  const at = new Date();
  try {
    if (signal?.aborted) throw new Stopped();
    await db().transaction((tx) =>
      withTransactionScope(tx, async () => {
        const earlier = await earlierImports(
          collection,
          documents.map((doc) => doc.id),
        );
        const changedAt = await inChunks(
          [...new Set([...earlier.values()].map((e) => e.recordId))],
          (ids) => target.changedAt(ids),
        );
        await target.load();
        // New records are written a few at a time (one short statement each).
        const pending: { legacyId: string; recordId: string; values: unknown; hash: string }[] = [];
        let pendingChars = 0;
        const flush = async () => {
          if (pending.length === 0) return;
          pendingChars = 0;
          await target.insert(
            pending.map((p) => ({ id: p.recordId, values: p.values })),
            at,
          );
          await tx.insert(importedRecords).values(
            pending.map((p) => ({
              collection,
              legacyId: p.legacyId,
              recordId: p.recordId,
              legacySlug: target.legacySlug(p.values),
              sourceHash: p.hash,
              writtenAt: at,
            })),
          );
          pending.length = 0;
        };
        let done = 0;
        for (const { doc, result } of mapped) {
          const outcome: RecordOutcome = {
            ...where(doc),
            action: "skipped",
            recordId: null,
            address: null,
          };
          outcomes.push(outcome);
          for (const problem of result.problems) problems.push({ ...where(doc), ...problem });
          if (result.ok) {
            const skip = (reason: string, field = "(document)") =>
              problems.push({ ...where(doc), field, value: "", reason, severity: "error" });
            const canonical = canonicalJson(result.values);
            const hash = sha256(canonical);
            const before = earlier.get(doc.id);
            const lastChange = before ? changedAt.get(before.recordId) : undefined;
            const check = target.check(result.values, before?.recordId ?? null);
            if (check) {
              problems.push({ ...where(doc), ...check });
            } else if (before && lastChange === undefined) {
              skip(
                "Deleted on this site since an earlier import: not brought back. Add it again in the admin if it should be there.",
              );
            } else if (before && before.sourceHash === hash) {
              outcome.action = "unchanged";
              outcome.recordId = before.recordId;
            } else if (
              before &&
              lastChange &&
              lastChange.getTime() !== before.writtenAt.getTime()
            ) {
              skip(
                "Changed in the old site's export and, since the last import, on this site too: this site's version is kept.",
              );
              outcome.recordId = before.recordId;
            } else if (before) {
              if (!(await target.update({ id: before.recordId, values: result.values, at }))) {
                throw new Error(`The ${collection} record of ${doc.id} was not stored.`);
              }
              outcome.action = "updated";
              outcome.recordId = before.recordId;
              await tx
                .update(importedRecords)
                .set({ sourceHash: hash, writtenAt: at })
                .where(
                  and(
                    eq(importedRecords.collection, collection),
                    eq(importedRecords.legacyId, doc.id),
                  ),
                );
            } else {
              const recordId = randomUUID();
              const warning = target.claim(result.values, recordId);
              if (warning) problems.push({ ...where(doc), ...warning });
              outcome.action = "created";
              outcome.recordId = recordId;
              pending.push({ legacyId: doc.id, recordId, values: result.values, hash });
              pendingChars += canonical.length;
              if (pending.length >= INSERT_BATCH || pendingChars >= INSERT_BATCH_CHARS)
                await flush();
            }
            if (outcome.recordId && outcome.action !== "skipped") {
              outcome.address = target.address(result.values, outcome.recordId);
            }
          }
          done++;
          onProgress?.({ collection, done, total: documents.length });
          if (signal?.aborted) throw new Stopped();
          await pause();
        }
        await flush();
        if (dryRun) throw new DryRunRollback();
      }),
    );
  } catch (error) {
    if (!(error instanceof DryRunRollback)) {
      summary.failed =
        error instanceof Stopped
          ? "Stopped before the end; nothing of this collection was written."
          : describeError(error);
      // Nothing was written: every document is reported skipped, with its mapping problems.
      outcomes = documents.map((doc) => ({
        ...where(doc),
        action: "skipped",
        recordId: null,
        address: null,
      }));
      problems = mapped.flatMap(({ doc, result }) =>
        result.problems.map((problem) => ({ ...where(doc), ...problem })),
      );
    }
  }
  for (const outcome of outcomes) summary[outcome.action]++;
  unlisted.records += listUpTo(report.records, outcomes);
  unlisted.problems += listUpTo(report.problems, problems);
}

function describeError(error: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
  return messages.at(-1) ?? String(error);
}

/**
 * ADR 009: the record an old document id became, for old addresses (/news/{old id});
 * null when none was imported with that id.
 */
export async function importedRecordId({
  collection,
  legacyId,
}: {
  collection: Collection;
  legacyId: string;
}): Promise<string | null> {
  if (legacyId.length === 0 || legacyId.length > 200) return null;
  const [row] = await db()
    .select({ recordId: importedRecords.recordId })
    .from(importedRecords)
    .where(and(eq(importedRecords.collection, collection), eq(importedRecords.legacyId, legacyId)));
  return row?.recordId ?? null;
}

/**
 * ADR 009: the person whose old /team/{slug} could not be kept as it was (not a valid
 * address here), so that it redirects; null when there is none.
 */
export async function importedTeamMemberBySlug({
  legacySlug,
}: {
  legacySlug: string;
}): Promise<string | null> {
  if (legacySlug.length === 0 || legacySlug.length > 200) return null;
  const [row] = await db()
    .select({ recordId: importedRecords.recordId })
    .from(importedRecords)
    .where(and(eq(importedRecords.collection, "team"), eq(importedRecords.legacySlug, legacySlug)))
    .limit(1);
  return row?.recordId ?? null;
}
