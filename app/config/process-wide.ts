// The values a server process keeps for its whole life (ADR 022): the checked environment,
// the logger, the club's cached details, the page caches. The host (server/) and the React
// Router server bundle each load their own copy of every module, so a module variable would
// be two values; they are kept here, on globalThis, in one store: the only place outside
// app/db/ (the database handle) that holds anything there. Read them at the moment of use
// (`processValue(...)`), never into a module constant, so that forgetting them takes effect.

type Store = Map<string, unknown>;
const STORE = Symbol.for("clubsite.process-wide");
const CONSTANTS = Symbol.for("clubsite.process-constants");
type Holder = { [STORE]?: Store; [CONSTANTS]?: Store };
const holder = globalThis as Holder;

function get<T>(store: Store, name: string, create: () => T): T {
  if (!store.has(name)) store.set(name, create());
  return store.get(name) as T;
}

/** The process's value under `name`, made by `create` the first time (or after forgetting). */
export function processValue<T>(name: string, create: () => T): T {
  holder[STORE] ??= new Map();
  return get(holder[STORE], name, create);
}

/** Replaces the process's value under `name` (the host installing its logger). */
export function setProcessValue<T>(name: string, value: T): void {
  holder[STORE] ??= new Map();
  holder[STORE].set(name, value);
}

/**
 * A value both copies of a module must share and that is never forgotten: identities, such
 * as React Router's context keys, which a module holds from the moment it loads.
 */
export function processConstant<T>(name: string, create: () => T): T {
  holder[CONSTANTS] ??= new Map();
  return get(holder[CONSTANTS], name, create);
}

/**
 * Forgets every process value, as a new process would start (the integration tests, before
 * each file: they share modules between files). Constants stay.
 */
export function forgetProcessValues(): void {
  holder[STORE]?.clear();
}
