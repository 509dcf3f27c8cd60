import { processValue } from "../config/process-wide.ts";
import { inTransactionScope } from "./database.server.ts";

// ADR 030, ADR 042: an answer a page needs on every render but that changes only when the data does
// (the number of published news items, a scan of the whole table on the embedded database,
// the longest statement of /news's render) is read once and kept in this process, like the
// club's details (ADR 013), and forgotten: by every change notice (server/index.ts: any write
// of any process, a script, a restore), after every admin write (server/app.ts, once it has
// committed), and after KEEP_MS at the latest (a lost notice connection). Values are kept
// only once the process listens for change notices (`keepUntilChange`, server/index.ts):
// without notices (tests that render in-process, scripts) every read asks the database.

const KEEP_MS = 30_000;

interface Kept {
  value: Promise<unknown>;
  readAt: number;
}

interface Store {
  /** Whether change notices reach this process, so that kept values are forgotten. */
  listening: boolean;
  generation: number;
  values: Map<string, Kept>;
}

// A process value: the host and the built app each load their own copy of this module.
const store = () =>
  processValue<Store>("kept-until-change", () => ({
    listening: false,
    generation: 0,
    values: new Map(),
  }));

/** From now on, values are kept until a change: this process hears of every change. */
export function keepUntilChange(): void {
  store().listening = true;
}

/** Forgets every kept value: something changed. */
export function forgetKeptValues(): void {
  const kept = store();
  kept.generation++;
  kept.values.clear();
}

/**
 * `read()`'s answer, kept under `name` until a change (above). Read afresh inside a
 * transaction (it may see its own uncommitted writes), when nothing would forget it, and
 * when a change came while it was read (it may hold the old answer).
 */
export function keptUntilChange<T>(
  name: string,
  read: () => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  const kept = store();
  if (!kept.listening || inTransactionScope()) return read();
  const known = kept.values.get(name);
  if (known && now() - known.readAt < KEEP_MS) return known.value as Promise<T>;
  const generation = kept.generation;
  const reading = read();
  const entry: Kept = { value: reading, readAt: now() };
  kept.values.set(name, entry);
  const drop = () => {
    if (kept.values.get(name) === entry) kept.values.delete(name);
  };
  reading.then(
    () => {
      if (kept.generation !== generation) drop();
    },
    // A failed read is not kept: the next render asks again.
    drop,
  );
  return reading;
}
