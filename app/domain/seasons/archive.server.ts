import { db, withTransactionScope } from "../../db/database.server.ts";
import type { TableRowValues } from "../table/table.schema.ts";
import {
  createTableRow,
  getTableRow,
  removeTableRow,
  restoreTableRow,
  saveTableRows,
  type TableRow,
  updateTableRow,
} from "../table/table.server.ts";
import { getTeamMember } from "../team/team.server.ts";
import type { PlayerFigures } from "./rules.ts";
import { type Season, storeArchivedFigures, whileSeasonUnlocked } from "./seasons.server.ts";

// Changing a season's league table and an archived season's hand-entered player figures
// (ADR 016). The current season is always open; an archived one only while unlocked: a write
// to a locked season is refused with words the admin shows, and changes nothing.

/** A write the season's lock refused (or that makes no sense for it). */
export interface Refusal {
  refused: string;
}

export const ARCHIVE_MESSAGES = {
  currentFigures: "This season's figures are entered on Manage Team.",
} as const;

/** The season's key in league_table: null for the current season (ADR 016). */
export const tableSeasonId = (season: Pick<Season, "id" | "isCurrent">): string | null =>
  season.isCurrent ? null : season.id;

/**
 * Adds a row to the season's table, or (with an id) overwrites one of its rows; null when
 * that row is not in the season's table.
 */
export async function saveSeasonTableRow({
  season,
  id,
  values,
}: {
  season: Season;
  id?: string | undefined;
  values: TableRowValues;
}): Promise<TableRow | Refusal | null> {
  const seasonId = tableSeasonId(season);
  const outcome = await whileSeasonUnlocked({ seasonId }, () =>
    id ? updateTableRow({ id, values, seasonId }) : createTableRow({ values, seasonId }),
  );
  return outcome.ok ? outcome.value : { refused: outcome.message };
}

/**
 * rules §5 League table paste: stores pasted rows in the season's table unless its season is
 * locked; `onSaved` runs for each row inside the same transaction (the activity record).
 */
export async function saveSeasonTableRows({
  season,
  rows,
  onSaved,
}: {
  season: Season;
  rows: readonly TableRowValues[];
  onSaved?: Parameters<typeof saveTableRows>[0]["onSaved"];
}): Promise<{ created: number; updated: number } | Refusal> {
  const outcome = await whileSeasonUnlocked({ seasonId: tableSeasonId(season) }, () =>
    saveTableRows({ rows, seasonId: tableSeasonId(season), onSaved }),
  );
  return outcome.ok ? outcome.value : { refused: outcome.message };
}

/** Deletes a row (with Undo) unless its season is locked; null when it is gone. */
export async function removeSeasonTableRow({
  id,
}: {
  id: string;
}): Promise<{ row: TableRow; token: string } | Refusal | null> {
  const row = await getTableRow({ id });
  if (!row) return null;
  const outcome = await whileSeasonUnlocked({ seasonId: row.seasonId }, () =>
    removeTableRow({ id, seasonId: row.seasonId }),
  );
  return outcome.ok ? outcome.value : { refused: outcome.message };
}

class LockedMeanwhile extends Error {}

/** Undo of a delete: refused (and the row left out) when its season was locked meanwhile. */
export async function restoreSeasonTableRow({
  token,
}: {
  token: string;
}): Promise<TableRow | Refusal | null> {
  try {
    return await db().transaction((tx) =>
      withTransactionScope(tx, async () => {
        const row = await restoreTableRow({ token });
        if (!row?.seasonId) return row;
        const open = await whileSeasonUnlocked({ seasonId: row.seasonId }, async () => row);
        // Thrown, so the restore is rolled back and the Undo can be used after unlocking.
        if (!open.ok) throw new LockedMeanwhile(open.message);
        return row;
      }),
    );
  } catch (error) {
    if (error instanceof LockedMeanwhile) return { refused: error.message };
    throw error;
  }
}

/**
 * Sets a player's hand-entered figures for an archived season; null when the person is no
 * player. The current season's figures are kept on the person (Manage Team).
 */
export async function saveSeasonFigures({
  season,
  personId,
  figures,
}: {
  season: Season;
  personId: string;
  figures: PlayerFigures;
}): Promise<PlayerFigures | Refusal | null> {
  if (season.isCurrent) return { refused: ARCHIVE_MESSAGES.currentFigures };
  const person = await getTeamMember({ id: personId });
  if (person?.role !== "Player") return null;
  const outcome = await whileSeasonUnlocked({ seasonId: season.id }, () =>
    storeArchivedFigures({ seasonId: season.id, personId, figures }),
  );
  return outcome.ok ? outcome.value : { refused: outcome.message };
}

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === "object" && value !== null && "refused" in value;
