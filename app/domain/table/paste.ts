import { type TableRowValues, tableRowFormSchema } from "./table.schema.ts";

// Pasting league-table rows in one go (rules §5 League table paste): text copied from a
// spreadsheet (tab-separated) or a league's site or a CSV file (comma-separated), with or
// without a header row. Pure: the admin's preview and the save both call it, and every row
// goes through the same Zod schema as the one-row form (tableRowFormSchema), so a pasted row
// is refused for exactly what the form would refuse.

/** The address a paste form posts to: the table screen with ?paste (and its ?season). */
export const PASTE_PARAM = "paste";

/** rules §5 League table paste: at most this many lines in one paste (a league has a dozen teams). */
export const PASTE_ROWS_MAX = 60;
/** The pasted text's length limit (ADR 025: what one request may cost). */
export const PASTE_TEXT_MAX = 20_000;

export const PASTE_MESSAGES = {
  empty: "Paste at least one row.",
  tooMany: `Paste at most ${PASTE_ROWS_MAX} rows at a time.`,
  tooLong: `Paste at most ${PASTE_TEXT_MAX.toLocaleString("en-GB")} characters at a time.`,
  columns:
    "Expected the team and then 7 numbers (P, W, D, L, GF, GA, Pts), or 8 with GD before Pts.",
  headerColumns: "The header row needs a team column and P, W, D, L, GF, GA and Pts.",
  duplicate: (team: string, line: number) => `${team} is also on line ${line}.`,
} as const;

type Figure = "played" | "won" | "drawn" | "lost" | "gf" | "ga" | "points";
type Column = Figure | "team" | "gd" | "position" | "ignored";

const FIGURES: readonly Figure[] = ["played", "won", "drawn", "lost", "gf", "ga", "points"];

/** The words league sites and spreadsheets head their columns with. */
const HEADER_WORDS: Record<string, Column> = {
  team: "team",
  club: "team",
  name: "team",
  p: "played",
  pl: "played",
  pld: "played",
  played: "played",
  mp: "played",
  gp: "played",
  w: "won",
  won: "won",
  wins: "won",
  d: "drawn",
  drawn: "drawn",
  draw: "drawn",
  draws: "drawn",
  l: "lost",
  lost: "lost",
  losses: "lost",
  gf: "gf",
  f: "gf",
  for: "gf",
  "goals for": "gf",
  ga: "ga",
  a: "ga",
  against: "ga",
  "goals against": "ga",
  gd: "gd",
  "+/-": "gd",
  "goal difference": "gd",
  pts: "points",
  pt: "points",
  points: "points",
  pos: "position",
  position: "position",
  "#": "position",
};

interface PastedRow {
  /** The line of the pasted text it came from, counting from 1. */
  line: number;
  values: TableRowValues;
}

interface PasteError {
  /** The pasted line, counting from 1; null for the paste as a whole. */
  line: number | null;
  message: string;
}

export interface PasteResult {
  rows: PastedRow[];
  errors: PasteError[];
  /** Whether the first line was read as column headings. */
  header: boolean;
}

/** A row of the admin's preview of a paste. */
interface PastePreviewRow {
  line: number;
  team: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  gf: number;
  ga: number;
  points: number;
  /** The club's own row: shown counted from its results unless entered by hand (ADR 016). */
  club: boolean;
}

export type PasteReply =
  | {
      kind: "paste";
      stage: "preview";
      text: string;
      rows: PastePreviewRow[];
      errors: PasteError[];
      header: boolean;
    }
  | { kind: "paste"; stage: "saved"; created: number; updated: number }
  | { kind: "paste"; stage: "refused"; text: string; message: string };

/** True for the paste form's reply (and not the table form's, or the outbox's). */
export function isPasteReply(value: unknown): value is PasteReply {
  return (
    typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "paste"
  );
}

/** Splits one line into cells: tabs when the paste has any, else commas (with "quoted, text"). */
function cellsOf(line: string, separator: "\t" | ","): string[] {
  if (separator === "\t") return line.split("\t").map((cell) => cell.trim());
  const cells: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '"') {
      if (quoted && line[i + 1] === '"') {
        current += '"';
        i++;
      } else quoted = !quoted;
    } else if (char === "," && !quoted) {
      cells.push(current.trim());
      current = "";
    } else current += char;
  }
  cells.push(current.trim());
  return cells;
}

const isNumberCell = (cell: string) => /^[+\-−]?\d+$/.test(cell);

/** A header row: its cells after the first are words, not numbers. */
function headerColumns(cells: string[]): Column[] | null {
  const words = cells.map((cell) => cell.toLowerCase().replace(/\s+/g, " ").replace(/\.$/, ""));
  if (!words.some((word) => HEADER_WORDS[word] === "team")) return null;
  if (cells.some(isNumberCell)) return null;
  return words.map((word) => HEADER_WORDS[word] ?? "ignored");
}

/**
 * Without a header: an optional position, the team, then P W D L GF GA Pts, or with GD
 * before Pts (the order of the public table). Null when the numbers do not fit either.
 */
function positionalColumns(cells: string[]): Column[] | null {
  const leadingPosition = cells.length > 1 && isNumberCell(cells[0] ?? "") ? 1 : 0;
  const numbers = cells.length - leadingPosition - 1;
  const figures: Column[] =
    numbers === 7 ? [...FIGURES] : numbers === 8 ? [...FIGURES.slice(0, 6), "gd", "points"] : [];
  if (figures.length === 0) return null;
  return [...(leadingPosition ? (["position"] as Column[]) : []), "team", ...figures];
}

/**
 * rules §5 League table paste: the rows of a pasted table, each checked by the league table
 * form's rules, with every error naming its line. Blank lines are skipped; GD is worked out,
 * never read (decisions 4); Pts is required (the league's own figure, which may include
 * deductions). A team twice in one paste is an error on its second line.
 */
export function parseTablePaste(text: string): PasteResult {
  if (text.length > PASTE_TEXT_MAX) {
    return { rows: [], errors: [{ line: null, message: PASTE_MESSAGES.tooLong }], header: false };
  }
  const lines = text.split(/\r\n|\r|\n/).map((content, index) => ({ line: index + 1, content }));
  const filled = lines.filter(({ content }) => content.trim() !== "");
  if (filled.length === 0) {
    return { rows: [], errors: [{ line: null, message: PASTE_MESSAGES.empty }], header: false };
  }
  const separator = filled.some(({ content }) => content.includes("\t")) ? "\t" : ",";
  const first = filled[0];
  const headed = first ? headerColumns(cellsOf(first.content, separator)) : null;
  if (headed && !FIGURES.every((figure) => headed.includes(figure))) {
    return {
      rows: [],
      errors: [{ line: first?.line ?? 1, message: PASTE_MESSAGES.headerColumns }],
      header: true,
    };
  }
  const body = headed ? filled.slice(1) : filled;
  if (body.length === 0) {
    return {
      rows: [],
      errors: [{ line: null, message: PASTE_MESSAGES.empty }],
      header: Boolean(headed),
    };
  }
  if (body.length > PASTE_ROWS_MAX) {
    return {
      rows: [],
      errors: [{ line: null, message: PASTE_MESSAGES.tooMany }],
      header: Boolean(headed),
    };
  }
  const rows: PastedRow[] = [];
  const errors: PasteError[] = [];
  const seen = new Map<string, number>();
  for (const { line, content } of body) {
    const cells = cellsOf(content, separator);
    const columns = headed ?? positionalColumns(cells);
    if (!columns || (headed && cells.length < columns.filter((c) => c !== "ignored").length)) {
      errors.push({ line, message: PASTE_MESSAGES.columns });
      continue;
    }
    const form: Record<string, unknown> = {};
    columns.forEach((column, index) => {
      const cell = cells[index] ?? "";
      if (column === "team") form.team = cell;
      else if ((FIGURES as readonly string[]).includes(column)) {
        // An empty or non-numeric cell is refused by the form's rule (a whole number, 0 or more).
        form[column] = /^\d+$/.test(cell) ? Number(cell) : cell === "" ? undefined : Number.NaN;
      }
    });
    const parsed = tableRowFormSchema.safeParse(form);
    if (!parsed.success) {
      const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
      errors.push({ line, message: messages.join(" ") });
      continue;
    }
    const key = parsed.data.values.team.toLowerCase();
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push({ line, message: PASTE_MESSAGES.duplicate(parsed.data.values.team, earlier) });
      continue;
    }
    seen.set(key, line);
    rows.push({ line, values: parsed.data.values });
  }
  return { rows, errors, header: Boolean(headed) };
}
