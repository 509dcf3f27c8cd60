import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Server modules (*.server.ts) stay out of the browser bundle: React Router's
    // plugin fails the build if one is imported by client code.
    assetsInlineLimit: 0,
  },
});
