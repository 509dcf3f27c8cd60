import { defineConfig } from "drizzle-kit";

// Migrations are generated from app/db/schema.ts with `npm run db:generate` and applied
// at start by app/db/open.server.ts. A landed migration is never edited.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.ts",
  out: "./drizzle",
});
