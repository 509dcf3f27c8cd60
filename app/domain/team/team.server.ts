import { asc } from "drizzle-orm";
import { db } from "../../db/database.server.ts";
import { teamMembers } from "../../db/schema.ts";

// Reads of the team (SPEC §3 team). The Team issue adds the roster and the admin writes here.

/** SPEC §7: the team member names, sorted (the scorer suggestions in Manage Fixtures). */
export async function listTeamMemberNames(): Promise<string[]> {
  const rows = await db()
    .select({ name: teamMembers.name })
    .from(teamMembers)
    .orderBy(asc(teamMembers.name));
  return rows.map((row) => row.name);
}
