import type { Plugin } from "vite";

// ADR 019 (the budget counts what a first visit downloads): React Router's router carries the
// code of its instrumentation API (`instrumentations` on <HydratedRouter>, for tracing
// navigations and loaders), about 1 KB gzip on every page, though this site never passes
// any: the router only calls it when given some. The browser build gets a stand-in module
// that says so, and fails loudly if instrumentation is ever switched on without removing this.

/** React Router's instrumentation module, the one replaced. */
export const INSTRUMENTATION =
  /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]router[\\/]instrumentation\.js$/;

/** The module the browser build gets instead (its exports are checked against the real one's). */
export const INSTRUMENTATION_STAND_IN = `const off = () => {
  throw new Error("React Router instrumentation is left out of the browser build (scripts/build/without-instrumentation.ts)");
};
export const getRouteInstrumentationUpdates = off;
export const instrumentClientSideRouter = off;
export const instrumentHandler = off;
export const instrumentationResultMetaContext = undefined;
export function consumeInstrumentationClientResultMetaReceiver() {
  return undefined;
}
`;

export function withoutInstrumentation(): Plugin {
  return {
    name: "clubsite:without-instrumentation",
    apply: "build",
    load(id) {
      if (this.environment.name !== "client" || !INSTRUMENTATION.test(id.split("?")[0] ?? id)) {
        return null;
      }
      return INSTRUMENTATION_STAND_IN;
    },
  };
}
