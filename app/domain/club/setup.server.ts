import { count, eq, inArray } from "drizzle-orm";
import { db } from "../../db/database.server.ts";
import { clubSettings, fixtures, pageTexts, teamMembers } from "../../db/schema.ts";
import { LEGAL_DEFAULT_UPDATED } from "../pages/rules.ts";
import { forgetClub, getClubSettings } from "./club.server.ts";
import { type SetupFacts, setupChecklist } from "./setup.ts";

// decisions 35: the setup checklist's facts, read from the data, and its dismissal (a flag in
// the club's details document, ADR 013).

/** What the checklist is worked out from. */
async function setupFacts(): Promise<SetupFacts> {
  const [{ details }, [players], [fixtureCount], legal] = await Promise.all([
    getClubSettings(),
    db().select({ n: count() }).from(teamMembers).where(eq(teamMembers.role, "Player")),
    db().select({ n: count() }).from(fixtures),
    db()
      .select({ key: pageTexts.key, updatedAt: pageTexts.updatedAt })
      .from(pageTexts)
      .where(inArray(pageTexts.key, ["privacy", "terms"])),
  ]);
  // A legal text is the club's once it was saved: saving sets 'Last updated' (rules §2).
  const saved = (key: string) =>
    legal.some(
      (row) => row.key === key && row.updatedAt.getTime() !== LEGAL_DEFAULT_UPDATED.getTime(),
    );
  return {
    details,
    players: players?.n ?? 0,
    fixtures: fixtureCount?.n ?? 0,
    privacySaved: saved("privacy"),
    termsSaved: saved("terms"),
  };
}

/** The checklist and whether the club put it away. */
export async function readSetupChecklist() {
  const facts = await setupFacts();
  return { items: setupChecklist(facts), dismissed: facts.details.setupDismissed === true };
}

/** Puts the checklist away for good (the legal reminder stays until both texts are saved). */
export async function dismissSetupChecklist(): Promise<void> {
  const { id, details } = await getClubSettings();
  await db()
    .update(clubSettings)
    .set({ details: { ...details, setupDismissed: true }, updatedAt: new Date() })
    .where(eq(clubSettings.id, id));
  forgetClub();
}
