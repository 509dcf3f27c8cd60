import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkModules } from "./scripts/bench/chunk-modules.ts";

export default defineConfig({
  // chunkModules: what each browser chunk holds, for the page-weight guard (issue 8).
  plugins: [tailwindcss(), reactRouter(), chunkModules()],
  build: {
    // Server modules (*.server.ts) stay out of the browser bundle: React Router's
    // plugin fails the build if one is imported by client code.
    assetsInlineLimit: 0,
  },
});
