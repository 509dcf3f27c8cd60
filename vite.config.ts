import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkModules } from "./scripts/build/chunk-modules.ts";
import { esmJsxRuntime } from "./scripts/build/esm-jsx-runtime.ts";
import { smallPreloadHelper } from "./scripts/build/preload-helper.ts";
import { withoutInstrumentation } from "./scripts/build/without-instrumentation.ts";

export default defineConfig({
  // chunkModules: what each browser chunk holds, for the page-weight guard (rules §11).
  // smallPreloadHelper: Vite's helper for `import()`, smaller (ADR 008).
  // esmJsxRuntime: elements as plain calls instead of calls on a CommonJS namespace (ADR 008).
  plugins: [
    smallPreloadHelper(),
    esmJsxRuntime(),
    withoutInstrumentation(),
    tailwindcss(),
    reactRouter(),
    chunkModules(),
  ],
  build: {
    // Server modules (*.server.ts) stay out of the browser bundle: React Router's
    // plugin fails the build if one is imported by client code.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The domain's browser modules are pure (rules, formats, constants: docs/architecture.md):
      // importing one runs nothing but its declarations. Said here, the bundler drops an import
      // whose bindings a chunk does not use; otherwise it keeps it for its possible side effects
      // and a page fetched a chunk it never ran (ADR 019: /news loaded the date formats because
      // news/rules.ts has one server-only label with a date).
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]app[\\/]domain[\\/](?![^?]*\.server\.)[^?]*\.ts$/, sideEffects: false },
        ],
      },
      output: {
        // React, React Router, the root and site layout route modules and the code of the
        // layout every public page shows (header, footer) in one chunk instead of a dozen of
        // 1–2 KB (one gzip stream compresses better, about 1 KB per page): on a
        // slow phone connection each request costs a round trip (Lighthouse on mobile). What
        // only some pages use (cards, tables, the match centre) stays with those pages, so a
        // page never loads another page's code (ADR 008); what only the admin uses (forms,
        // Zod, Quill) is never captured.
        codeSplitting: {
          groups: [
            {
              name: "site",
              test: /[\\/](node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]|app[\\/](components[\\/](site[\\/](site-header|site-footer|kept-html|consent|site-error-boundary|page-meta|page-hero|navigation-status|icons|use-hydrated)\.|connectivity[\\/]deferred\.|ui[\\/]auth-channel)|config[\\/]club-site\.|domain[\\/]site[\\/]rules|root\.tsx|routes[\\/]site[\\/]layout\.tsx))|^\0?(vite[\\/]preload-helper|rolldown[\\/]runtime|clubsite[\\/]jsx-runtime)/,
            },
            // What every public page fetches once it has started, not to hydrate (ADR 008):
            // the cookie banner, the layout's behaviours, the connection monitor and the
            // service worker's registration, in one request and one gzip stream instead of six
            // (ADR 019: the budget counts every script a first visit downloads).
            {
              name: "site-later",
              test: /app[\\/](components[\\/](site[\\/](cookie-banner|site-behaviours|keep-focus-visible|auth-revalidation)|connectivity[\\/]offline-notice)|browser[\\/](connection|service-worker)|service-worker[\\/]constants|domain[\\/]connectivity[\\/]rules)\./,
            },
          ],
        },
      },
    },
  },
});
