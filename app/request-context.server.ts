import { createContext, type RouterContext } from "react-router";
import { processConstant } from "./config/process-wide.ts";

// Values the host (server/app.ts) gives every request, read by loaders and actions with
// `context.get(...)`. The host and the React Router bundle each load their own copy of this
// module, so the context keys are process constants (config/process-wide.ts), the same
// objects in both.

/** The visitor's address (behind a proxy only with TRUST_PROXY=1), for rate limits. */
export const clientAddressContext = processConstant<RouterContext<string>>(
  "request-context.client-address",
  () => createContext<string>("unknown"),
);
