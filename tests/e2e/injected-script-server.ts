import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createElement, Fragment } from "react";
import type { ServerBuild } from "react-router";
import { setDatabase } from "../../app/db/database.server.ts";
import { openDatabase } from "../../app/db/open.server.ts";
import { createLogger } from "../../app/logger.server.ts";
import { createApp } from "../../server/app.ts";
import { loadServerBuild } from "../app.ts";

// rules §12, for csp.spec.ts only (never part of the product): the production build with
// one change, /about renders an inline script inside its content, as a flaw in escaping or
// sanitising would let an attacker do. The host renders it exactly as it renders every page
// (React Router, entry.server, the CSP), so the browser shows whether the policy allows it.
// Prints the address once listening; stops on SIGTERM.

export const INJECTED = "window.__injected = true; document.title = 'Injected';";

const build = await loadServerBuild();
const about = build.routes["routes/site/about"];
if (!about) throw new Error("no /about route in the build");
const Original = about.module.default as () => ReturnType<typeof createElement>;
function Injected() {
  return createElement(
    Fragment,
    null,
    createElement(Original),
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the attack this test simulates
    createElement("div", { dangerouslySetInnerHTML: { __html: `<script>${INJECTED}</script>` } }),
  );
}
const injected: ServerBuild = {
  ...build,
  routes: {
    ...build.routes,
    [about.id]: { ...about, module: { ...about.module, default: Injected } },
  },
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-csp-"));
const database = await openDatabase({ dataDir });
setDatabase(database);
const app = createApp({
  database,
  logger: createLogger({ level: "warn" }),
  trustProxy: false,
  pageCacheSeconds: 0,
  build: { server: injected, clientDir: path.resolve(import.meta.dirname, "../../build/client") },
});
const server = app.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") {
    process.stdout.write(`LISTENING http://127.0.0.1:${address.port}\n`);
  }
});
process.on("SIGTERM", () => {
  server.close();
  void database.close().then(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
