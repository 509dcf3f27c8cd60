import { getClub } from "../club/club.server.ts";
import { getFixture, listScoredFixtures } from "../fixtures/fixtures.server.ts";
import { matchReportLabel } from "./rules.ts";

// The news form's "Match report for" choices (Manage News): the results a story can report on.

/** How many results the "Match report for" list offers, newest first. */
const REPORTABLE_MATCHES = 200;

/** The results offered, plus the edited item's own match if it is older than the list. */
export async function listMatchReportChoices({
  linked,
}: {
  linked: string | null;
}): Promise<{ value: string; label: string }[]> {
  const scored = await listScoredFixtures({ limit: REPORTABLE_MATCHES });
  if (linked && !scored.some((fixture) => fixture.id === linked)) {
    const fixture = await getFixture({ id: linked });
    if (fixture) scored.push(fixture);
  }
  const { teamName, timeZone } = (await getClub()).details;
  return scored.map((fixture) => ({
    value: fixture.id,
    label: matchReportLabel({ teamName, timeZone, fixture }),
  }));
}
