import { createContext, type RouterContext } from "react-router";

// Values the host (server/app.ts) gives every request, read by loaders and actions with
// `context.get(...)`. The host and the React Router bundle each load their own copy of this
// module, so the context keys are kept on globalThis to be the same objects in both.

interface Keys {
  clientAddress: RouterContext<string>;
}
const holder = globalThis as { [key: symbol]: Keys | undefined };
const symbol = Symbol.for("clubsite.request-context");
holder[symbol] ??= { clientAddress: createContext<string>("unknown") };
const keys: Keys = holder[symbol];

/** The visitor's address (behind a proxy only with TRUST_PROXY=1), for rate limits. */
export const clientAddressContext = keys.clientAddress;
