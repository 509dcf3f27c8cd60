import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import { db, withTransactionScope } from "../../db/database.server.ts";
import { leagueTable } from "../../db/schema.ts";
import { keepDeleted, snapshotDate, takeDeleted } from "../undo/undo.server.ts";
import type { TableRowValues } from "./table.schema.ts";

// The league table (rules §3 leagueTable, §7): the only code touching the league_table table.
// Values arrive parsed by table.schema.ts; the table's checks are the last line (ADR 003).
// GD is derived by rules.ts, never stored (decisions 4).

export type TableRow = typeof leagueTable.$inferSelect;
const ENTITY = "league_table";

/** ADR 016: a season's rows; rows without a season are the current season's. */
const ofSeason = (seasonId: string | null | undefined): SQL | undefined =>
  seasonId ? eq(leagueTable.seasonId, seasonId) : isNull(leagueTable.seasonId);

/**
 * rules §2: points descending, then goals for descending (then team name). The current
 * season's rows unless an archived season's id is given (ADR 016).
 */
export async function listTable({
  seasonId,
}: {
  seasonId?: string | null;
} = {}): Promise<TableRow[]> {
  return db()
    .select()
    .from(leagueTable)
    .where(ofSeason(seasonId))
    .orderBy(desc(leagueTable.points), desc(leagueTable.gf), leagueTable.team);
}

/**
 * ADR 016, at the start of a new season the current rows stay with the
 * season being archived, and the new season's table starts with the same teams at zero.
 */
export async function archiveTableForSeason({ seasonId }: { seasonId: string }): Promise<void> {
  const rows = await db()
    .update(leagueTable)
    .set({ seasonId })
    .where(isNull(leagueTable.seasonId))
    .returning({ team: leagueTable.team, logo: leagueTable.logo });
  if (rows.length === 0) return;
  await db()
    .insert(leagueTable)
    .values(rows.map(({ team, logo }) => ({ team, logo })));
}

export async function getTableRow({ id }: { id: string }): Promise<TableRow | null> {
  const [row] = await db().select().from(leagueTable).where(eq(leagueTable.id, id));
  return row ?? null;
}

/** Whether another row of that season's table (the current one by default) has this team name (in any case). */
export async function isTeamInTable({
  team,
  exceptId,
  seasonId,
}: {
  team: string;
  exceptId?: string | undefined;
  seasonId?: string | null;
}): Promise<boolean> {
  const sameName = and(sql`lower(${leagueTable.team}) = lower(${team.trim()})`, ofSeason(seasonId));
  const [row] = await db()
    .select({ id: leagueTable.id })
    .from(leagueTable)
    .where(exceptId ? and(sameName, ne(leagueTable.id, exceptId)) : sameName)
    .limit(1);
  return Boolean(row);
}

/** A row of the current season's table, or of the archived season given (ADR 016). */
export async function createTableRow({
  values,
  seasonId = null,
}: {
  values: TableRowValues;
  seasonId?: string | null;
}): Promise<TableRow> {
  const [row] = await db()
    .insert(leagueTable)
    .values({ ...values, seasonId })
    .returning();
  if (!row) throw new Error("the table row was not stored");
  return row;
}

/**
 * rules §5 League table paste: stores pasted rows in one season's table (the current one by
 * default) in one transaction: a team already in it (by name, in any case) gets the pasted
 * figures and keeps its logo and its "by hand" setting (so the club's row stays counted from
 * results unless overridden, ADR 016); any other team is added. `onSaved` runs per row inside
 * the transaction (the activity record, ADR 021).
 */
export async function saveTableRows({
  rows,
  seasonId = null,
  onSaved,
}: {
  rows: readonly TableRowValues[];
  seasonId?: string | null;
  onSaved?: (saved: { row: TableRow; before: TableRow | null }) => Promise<void>;
}): Promise<{ created: number; updated: number }> {
  return db().transaction((tx) =>
    withTransactionScope(tx, async () => {
      let created = 0;
      let updated = 0;
      const existing = await tx.select().from(leagueTable).where(ofSeason(seasonId)).for("update");
      const byName = new Map(existing.map((row) => [row.team.trim().toLowerCase(), row]));
      for (const { logo: _logo, manual: _manual, ...figures } of rows) {
        const before = byName.get(figures.team.trim().toLowerCase()) ?? null;
        const [row] = before
          ? await tx
              .update(leagueTable)
              .set({ ...figures, updatedAt: new Date() })
              .where(eq(leagueTable.id, before.id))
              .returning()
          : await tx
              .insert(leagueTable)
              .values({ ...figures, seasonId })
              .returning();
        if (!row) throw new Error("a pasted table row was not stored");
        if (before) updated++;
        else created++;
        await onSaved?.({ row, before });
      }
      return { created, updated };
    }),
  );
}

/**
 * Overwrites a row's fields; null when it is not in that season's table (the current one by
 * default). Whether an archived season may be changed is the caller's (ADR 016: locked).
 */
export async function updateTableRow({
  id,
  values,
  seasonId,
}: {
  id: string;
  values: TableRowValues;
  seasonId?: string | null;
}): Promise<TableRow | null> {
  const [row] = await db()
    .update(leagueTable)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(leagueTable.id, id), ofSeason(seasonId)))
    .returning();
  return row ?? null;
}

/**
 * Deletes at once (decisions 17) a row of that season's table (the current one by default);
 * returns the row and the undo token, or null.
 */
export async function removeTableRow({
  id,
  seasonId,
}: {
  id: string;
  seasonId?: string | null;
}): Promise<{ row: TableRow; token: string } | null> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .delete(leagueTable)
      .where(and(eq(leagueTable.id, id), ofSeason(seasonId)))
      .returning();
    if (!row) return null;
    return { row, token: await keepDeleted(tx, { entity: ENTITY, recordId: row.id, data: row }) };
  });
}

const count = (value: unknown) => (typeof value === "number" ? value : 0);

/** Puts a deleted row back with the same id and fields; null when the undo expired. */
export async function restoreTableRow({ token }: { token: string }): Promise<TableRow | null> {
  return db().transaction(async (tx) => {
    const data = await takeDeleted(tx, { entity: ENTITY, token });
    if (!data) return null;
    const [row] = await tx
      .insert(leagueTable)
      .values({
        id: String(data.id),
        team: String(data.team),
        played: count(data.played),
        won: count(data.won),
        drawn: count(data.drawn),
        lost: count(data.lost),
        gf: count(data.gf),
        ga: count(data.ga),
        points: count(data.points),
        logo: typeof data.logo === "string" ? data.logo : null,
        seasonId: typeof data.seasonId === "string" ? data.seasonId : null,
        manual: data.manual === true,
        createdAt: snapshotDate(data.createdAt) ?? new Date(),
        updatedAt: snapshotDate(data.updatedAt) ?? new Date(),
      })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  });
}

/** ADR 009: stores table rows brought over from the old site, with the ids given, last changed `at`. */
export async function createImportedTableRows({
  rows,
  at,
}: {
  rows: { id: string; values: TableRowValues }[];
  at: Date;
}): Promise<void> {
  if (rows.length === 0) return;
  await db()
    .insert(leagueTable)
    .values(rows.map(({ id, values }) => ({ ...values, id, createdAt: at, updatedAt: at })));
}

/** ADR 009: overwrites a row imported before, last changed `at`; false when it is gone. */
export async function updateImportedTableRow({
  id,
  values,
  at,
}: {
  id: string;
  values: TableRowValues;
  at: Date;
}): Promise<boolean> {
  const updated = await db()
    .update(leagueTable)
    .set({ ...values, updatedAt: at })
    .where(eq(leagueTable.id, id))
    .returning({ id: leagueTable.id });
  return updated.length > 0;
}

/** ADR 009: every row's team name (lower-cased) and id, to keep one row per team. */
export async function listTableTeamNames(): Promise<Map<string, string>> {
  const rows = await db().select({ id: leagueTable.id, team: leagueTable.team }).from(leagueTable);
  return new Map(rows.map((row) => [row.team.trim().toLowerCase(), row.id]));
}

/** ADR 009: when each of these rows last changed; an id missing from the answer is gone. */
export async function tableRowsChangedAt({ ids }: { ids: string[] }): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .select({ id: leagueTable.id, updatedAt: leagueTable.updatedAt })
    .from(leagueTable)
    .where(inArray(leagueTable.id, ids));
  return new Map(rows.map((row) => [row.id, row.updatedAt]));
}
