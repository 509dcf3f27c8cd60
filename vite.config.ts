import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkModules } from "./scripts/build/chunk-modules.ts";

export default defineConfig({
  // chunkModules: what each browser chunk holds, for the page-weight guard (issue 8).
  plugins: [tailwindcss(), reactRouter(), chunkModules()],
  build: {
    // Server modules (*.server.ts) stay out of the browser bundle: React Router's
    // plugin fails the build if one is imported by client code.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // The browser code of our own pages in one chunk instead of a dozen of 1–2 KB: on a
        // slow phone connection each request costs a round trip (Lighthouse on mobile). Route
        // modules stay separate, and what only the admin uses (forms, Zod, Quill) is not
        // captured, so it never loads on a public page.
        codeSplitting: {
          groups: [
            {
              name: "site",
              test: /[\\/]app[\\/](components[\\/](site|ui)[\\/]|config[\\/]club|domain[\\/](dates[\\/]format\.ts|[^\\/]+[\\/]rules\.ts))/,
            },
          ],
        },
      },
    },
  },
});
