import type { KnipConfig } from "knip";

// `npm run lint` runs knip after Biome: no file, export or dependency that nothing uses
// (ADR 018). React Router's plugin finds the route modules (app/routes.ts), the root and the
// entries; the Vitest and Playwright plugins the tests and their configurations; the npm scripts
// the host and the bench's entry. Listed here, what none of them finds: the scripts run by hand,
// the service worker (bundled on its own by scripts/build-service-worker.ts) and the server a
// browser test starts by path.
const config: KnipConfig = {
  entry: [
    "scripts/*.{ts,mjs}",
    "app/service-worker/service-worker.ts",
    "tests/e2e/injected-script-server.ts",
  ],
  project: [
    "app/**/*.{ts,tsx,css}",
    "server/**/*.ts",
    "scripts/**/*.{ts,mjs}",
    "tests/**/*.ts",
    "*.ts",
  ],
  // Debian's tools, installed by the scripts that call them.
  ignoreBinaries: ["apt-get", "runuser", "caddy", "strace"],
  compilers: {
    // Stylesheets: `@import "pkg"` and fonts taken from a package's files in node_modules.
    css: (text: string) =>
      [
        ...[...text.matchAll(/@import\s+["']([^"']+)["']/g)].map((m) => m[1]),
        ...[...text.matchAll(/url\((?:\.\.\/)+node_modules\/((?:@[^/]+\/)?[^/)]+)[^)]*\)/g)].map(
          (m) => m[1],
        ),
      ]
        .map((specifier) => `import "${specifier}";`)
        .join("\n"),
  },
};

export default config;
