import { isContentEmpty } from "../app/db/open.server.ts";
import { withDatabase } from "./cli.ts";
import { seedDemoContent } from "./demo-content.ts";

// `npm run db:seed`: loads the demo content into an empty database. It never mixes demo
// content into real content.
await withDatabase(async (handle) => {
  if (!(await isContentEmpty(handle.db))) {
    console.error(
      "The database already has content; the demo content is only loaded into an empty one.",
    );
    process.exitCode = 1;
    return;
  }
  const summary = await seedDemoContent(handle.db);
  console.log(
    `Demo content loaded: ${summary.news} news items, ${summary.team} team members, ` +
      `${summary.table} table rows, ${summary.fixtures} fixtures, ${summary.messages} contact messages.`,
  );
});
