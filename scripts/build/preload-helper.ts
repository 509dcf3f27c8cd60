import type { Plugin } from "vite";

// ADR 008: Vite wraps every `import()` of the browser build in a helper that first asks for
// the imported chunk's own imports (and waits for its stylesheets), so they load side by side
// instead of one after the other. Its own helper also handles cases this site does not have
// (a Content-Security-Policy nonce meta tag, browsers without modulepreload, a relative base,
// an event for a failed preload nobody listens to) and costs every page about 0.6 KB gzip,
// because the layout's code, loaded everywhere, uses `import()`. This one does the same work
// for this site: a modulepreload link per script not yet asked for, a stylesheet link per
// stylesheet (the import waits until it has loaded, and fails if it cannot), then the import.

const HELPER_ID = "\0vite/preload-helper.js";

const helper = (base: string) => `const asked = {};
const BASE = ${JSON.stringify(base)};
export const __vitePreload = (load, deps) =>
  Promise.all(
    (deps || []).map(
      (dep) =>
        asked[dep] ||
        (asked[dep] = new Promise((resolve, reject) => {
          const href = BASE + dep;
          const css = dep.endsWith(".css");
          if (document.querySelector('link[href="' + href + '"]')) return resolve();
          const link = document.createElement("link");
          link.rel = css ? "stylesheet" : "modulepreload";
          link.href = href;
          if (css) {
            link.onload = resolve;
            link.onerror = () => reject(new Error("Unable to preload CSS for " + href));
          }
          document.head.append(link);
          if (!css) resolve();
        })),
    ),
  ).then(load);
`;

export function smallPreloadHelper(): Plugin {
  let base = "/";
  return {
    name: "clubsite:preload-helper",
    apply: "build",
    enforce: "pre",
    configResolved(config) {
      base = config.base;
    },
    resolveId(id) {
      return id === HELPER_ID ? id : null;
    },
    load(id) {
      if (id !== HELPER_ID || this.environment.name !== "client") return null;
      return helper(base);
    },
  };
}
