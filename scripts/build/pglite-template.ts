import path from "node:path";
import { pgliteTemplateDir, writePgliteTemplate } from "../../app/db/pglite-template.server.ts";

// A step of `npm run build` (ADR 029): the empty PostgreSQL folder a new data folder starts from.
const dir = pgliteTemplateDir();
await writePgliteTemplate(dir);
console.log(
  `PGlite: an empty database folder for first starts, ${path.relative(process.cwd(), dir)}`,
);
