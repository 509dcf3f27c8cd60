import { getCurrentSeason } from "../seasons/seasons.server.ts";
import { hasProfilePage } from "./rules.ts";
import { listTeam } from "./team.server.ts";

// The team page's model (ADR 022): what /team shows.

/**
 * rules §2 Team, decisions 16, 24: the squad of the current season (labels come from the
 * season, not code), players (with a page each) apart from coaches.
 */
export async function teamPage() {
  const [team, season] = await Promise.all([listTeam(), getCurrentSeason()]);
  return {
    seasonLabel: season.label,
    players: team
      .filter((member) => hasProfilePage(member.role))
      .map(({ name, slug, image, number }) => ({ name, slug, image, number })),
    coaches: team
      .filter((member) => !hasProfilePage(member.role))
      .map(({ name, slug, image, role }) => ({ name, slug, image, role })),
  };
}
