import fs from "node:fs";
import path from "node:path";
import { build } from "vite";

// A step of `npm run build` (ADR 041): the host (server/index.ts and the app's server modules
// it imports) compiled to JavaScript in build/host/, which `npm start` runs. Node runs a .ts
// file by stripping its types with a WebAssembly compiler of its own (amaro) that it loads on
// the first one and keeps for the process's life: 18 MB of resident memory the server never
// needs again. Packages stay outside (node_modules), as they are in development.

const root = path.resolve(import.meta.dirname, "../..");
const outDir = path.join(root, "build/host");

await build({
  configFile: false,
  root,
  logLevel: "warn",
  // public/ is the browser build's (build/client).
  publicDir: false,
  build: {
    ssr: true,
    outDir,
    emptyOutDir: true,
    target: "node22",
    minify: false,
    sourcemap: false,
    // Express, React Router and the rest are read from node_modules, not copied in.
    rolldownOptions: {
      input: {
        environment: path.join(root, "server/environment.ts"),
        server: path.join(root, "server/index.ts"),
      },
      output: { format: "esm", entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
    },
  },
  ssr: { target: "node" },
});

// ES modules evaluate their imports first: NODE_ENV must be set before React, React Router
// and Express are loaded (server/environment.ts), so it runs alone, then the server.
fs.writeFileSync(
  path.join(outDir, "index.js"),
  `// Made by scripts/build/host.ts from server/index.ts: \`npm start\` runs this (ADR 041).\nawait import("./environment.js");\nawait import("./server.js");\n`,
);
console.log(`Host: ${path.relative(process.cwd(), outDir)}/index.js`);
