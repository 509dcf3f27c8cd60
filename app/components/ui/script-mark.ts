import { createContext, useContext } from "react";

// rules §12: the server renders the framework's own scripts with a one-time mark (see
// app/config/csp.server.ts), so the Content-Security-Policy lists exactly those. In the
// browser there is no mark.
export const ScriptMarkContext = createContext<string | undefined>(undefined);

export function useScriptMark(): string | undefined {
  return useContext(ScriptMarkContext);
}
