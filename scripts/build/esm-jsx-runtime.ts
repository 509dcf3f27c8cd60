import type { Plugin } from "vite";

// ADR 008: React's JSX runtime is a CommonJS module, so in the browser build every element was
// a property call on its namespace, `(0,e.jsx)(…)`, in every chunk (about 160 in the `site`
// chunk alone, 150 in the match centre's). Components import it through this module instead,
// which takes the same functions from React's runtime once and exports them as ES bindings:
// each call is then a plain call of an imported name, `t(…)`. React's own code is not changed.

const RUNTIME_ID = "\0clubsite/jsx-runtime.js";

const runtime = `import * as runtime from "react/jsx-runtime";
export const jsx = runtime.jsx;
export const jsxs = runtime.jsxs;
export const Fragment = runtime.Fragment;
`;

export function esmJsxRuntime(): Plugin {
  return {
    name: "clubsite:esm-jsx-runtime",
    apply: "build",
    enforce: "pre",
    resolveId(id, importer) {
      if (this.environment.name !== "client") return null;
      if (id === RUNTIME_ID) return id;
      return id === "react/jsx-runtime" && importer !== RUNTIME_ID ? RUNTIME_ID : null;
    },
    load(id) {
      return id === RUNTIME_ID ? runtime : null;
    },
  };
}
