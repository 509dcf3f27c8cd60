import { withDatabase } from "./cli.ts";

// Applies pending migrations (the server also does this at start).
await withDatabase(async (handle) => {
  console.log(`Database is up to date (${handle.kind}: ${handle.location}).`);
});
