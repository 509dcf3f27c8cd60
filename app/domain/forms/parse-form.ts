import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { withoutControlCharacters } from "./control-characters.ts";

// rules §12: a form's reply echoes what was typed (so the form can show it again), and
// Conform builds that echo from every field name it is given: `z[10000000]=1` became a sparse
// array that a 39-byte request turned into a 30 MB answer. Every action parses its form with
// `parseForm`, which keeps only the fields the schema names (and rows of its lists up to the
// schema's maximum), so neither the parse nor the reply ever holds more than the form allows.

interface Shape {
  /** Plain fields. */
  fields: Set<string>;
  /** Lists: their row fields (empty for a list of plain values) and most rows. */
  lists: Map<string, { fields: Set<string>; max: number }>;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
}

// A list's .max(n), kept by Zod 4 as a check on the list.
function maximumOf(def: Def): number | undefined {
  for (const check of def.checks ?? []) {
    if (check._zod.def.check === "max_length") return check._zod.def.maximum;
  }
  return undefined;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch"]);

// The schema under wrappers, refinements and transforms: the object, list or value it parses.
function core(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 20; depth++) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in && def.out) {
      const inner = defOf(core(def.in)).type;
      // A transform after an object (schema.transform) or before a value (z.preprocess).
      current = inner === "object" || inner === "array" ? def.in : def.out;
    } else return current;
  }
  return current;
}

const LIST_ROWS_WITHOUT_MAX = 100;

function shapeOf(schema: z.ZodType): Shape {
  const shape: Shape = { fields: new Set(), lists: new Map() };
  const object = defOf(core(schema));
  for (const [name, field] of Object.entries(object.shape ?? {})) {
    const value = core(field);
    const def = defOf(value);
    if (def.type === "array" && def.element) {
      const row = defOf(core(def.element));
      shape.lists.set(name, {
        fields: new Set(Object.keys(row.shape ?? {})),
        max: maximumOf(def) ?? LIST_ROWS_WITHOUT_MAX,
      });
    } else {
      shape.fields.add(name);
    }
  }
  return shape;
}

function isFieldName(name: string, shape: Shape): boolean {
  const list = LIST_ENTRY.exec(name);
  if (!list) return shape.fields.has(name);
  const rows = shape.lists.get(list[1] ?? "");
  return (
    rows !== undefined &&
    Number(list[2]) < rows.max &&
    (list[3] === undefined ? rows.fields.size === 0 : rows.fields.has(list[3]))
  );
}

// Conform's reserved fields: the button's intent (validate, add or remove a list row…) and
// the form's state. An intent may only name the form's own fields and rows within the list's
// maximum, or it could build the sparse array itself ({"type":"update","payload":{"name":"z[9999999]"}}).
const INTENT = "__intent__";
const STATE = "__state__";
const STATE_MAX_LENGTH = 10_000;
const INTENT_TYPES = new Set(["validate", "reset", "update", "insert", "remove", "reorder"]);

function isSafeIntent(text: string, shape: Shape): boolean {
  let intent: unknown;
  try {
    intent = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof intent !== "object" || intent === null) return false;
  const { type, payload = {} } = intent as { type?: unknown; payload?: unknown };
  if (typeof type !== "string" || !INTENT_TYPES.has(type)) return false;
  if (typeof payload !== "object" || payload === null) return false;
  const { name, index, from, to } = payload as Record<string, unknown>;
  if (name !== undefined && typeof name !== "string") return false;
  const rows = typeof name === "string" ? shape.lists.get(name) : undefined;
  if (name && !rows && !isFieldName(name, shape)) return false;
  for (const position of [index, from, to]) {
    if (position === undefined) continue;
    if (!rows || !Number.isInteger(position) || (position as number) < 0) return false;
    if ((position as number) >= rows.max) return false;
  }
  return true;
}

const shapes = new WeakMap<z.ZodType, Shape>();
const LIST_ENTRY = /^([A-Za-z_$][\w$]*)\[(\d{1,6})\](?:\.([A-Za-z_$][\w$]*))?$/;

/** The entries of `formData` that the schema's form has, each at most once. */
export function formFieldsOf(formData: FormData, schema: z.ZodType): FormData {
  let shape = shapes.get(schema);
  if (!shape) {
    shape = shapeOf(schema);
    shapes.set(schema, shape);
  }
  const kept = new FormData();
  const seen = new Set<string>();
  const repeated = new Map<string, number>();
  for (const [name, value] of formData.entries()) {
    // A list of plain values may also come as one name sent once per value (a group of
    // check boxes), up to the list's maximum.
    const values = shape.lists.get(name);
    if (values && values.fields.size === 0) {
      const count = repeated.get(name) ?? 0;
      if (count < values.max && typeof value === "string") {
        repeated.set(name, count + 1);
        kept.append(name, value);
      }
      continue;
    }
    if (seen.has(name)) continue;
    const allowed =
      name === INTENT
        ? typeof value === "string" && isSafeIntent(value, shape)
        : name === STATE
          ? typeof value === "string" && value.length <= STATE_MAX_LENGTH
          : isFieldName(name, shape);
    if (!allowed) continue;
    seen.add(name);
    kept.append(name, value);
  }
  return kept;
}

/**
 * Conform's parseWithZod on the form's own fields only (see above). Its reply gives what was
 * typed back without control characters (the schema refuses them; a field shows the text
 * without them, never a NUL byte or an escape sequence a script sent).
 */
export function parseForm<Schema extends z.ZodType>(
  formData: FormData,
  { schema }: { schema: Schema },
) {
  const submission = parseWithZod(formFieldsOf(formData, schema), { schema });
  const reply = submission.reply.bind(submission);
  submission.reply = ((options?: Parameters<typeof reply>[0]) => {
    const result = reply(options);
    return result.initialValue
      ? { ...result, initialValue: cleaned(result.initialValue) as typeof result.initialValue }
      : result;
  }) as typeof submission.reply;
  return submission;
}

// Tabs and line breaks stay: multi-line fields allow them.
function cleaned(value: unknown): unknown {
  if (typeof value === "string") return withoutControlCharacters(value, { multiline: true });
  if (Array.isArray(value)) return value.map(cleaned);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, cleaned(entry)]));
  return value;
}
