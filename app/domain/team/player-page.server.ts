import { getClub } from "../club/club.server.ts";
import { importedTeamMemberBySlug } from "../import/import.server.ts";
import { careerTotals, NO_FIGURES, NOTHING_RECORDED, seasonChoice } from "../seasons/rules.ts";
import { listSeasons, seasonFromAddress } from "../seasons/seasons.server.ts";
import { onePlayersFigures } from "../seasons/standing.server.ts";
import { bioText } from "./bio.server.ts";
import { defaultBio } from "./rules.ts";
import { getPlayerBySlug, getTeamMember, teamMemberByOldSlug } from "./team.server.ts";

// A player's page model (ADR 022): everything /team/:slug shows, or where the player went.

const SLUG = /^[a-z0-9-]{1,120}$/;

/**
 * rules §2 Player detail, §7 Player page, decisions 16, 24: the player's page for a season
 * (?season=; an unknown one is not found), with a row of figures per season and the career
 * totals; coaches have no page. A slug the player had before a rename, or an old site's
 * address whose slug could not be kept as it was (ADR 009), is `moved` to the player's
 * address. The bio arrives sanitised.
 */
export async function playerPage({
  slug,
  season: seasonSlug,
}: {
  slug: string;
  season: string | null;
}) {
  const player = SLUG.test(slug) ? await getPlayerBySlug({ slug }) : null;
  if (!player) {
    // a slug the player had before a rename; then an old site's address.
    const movedId =
      (await teamMemberByOldSlug({ slug })) ??
      (await importedTeamMemberBySlug({ legacySlug: slug }));
    const moved = movedId ? await getTeamMember({ id: movedId }) : null;
    if (moved?.role === "Player" && moved.slug !== slug) {
      return { status: "moved", to: `/team/${moved.slug}` } as const;
    }
    return { status: "not-found" } as const;
  }
  const { details: club } = await getClub();
  const season = await seasonFromAddress({ slug: seasonSlug });
  if (!season) return { status: "not-found" } as const;
  const seasons = await listSeasons();
  // A row per season (newest first) and the career totals (decisions 24).
  const figures = await onePlayersFigures({ player, seasons });
  const history = seasons.map((each, index) => ({
    ...seasonChoice(each),
    ...(figures[index] ?? { figures: NO_FIGURES, recorded: NOTHING_RECORDED }),
  }));
  const shown = history.find((each) => each.slug === season.slug);
  const about = bioText(player.bio) || defaultBio({ name: player.name, clubName: club.name });
  const summary = [player.position, club.name].filter((part) => part !== "TBD").join(", ");
  return {
    status: "found",
    page: {
      player: {
        id: player.id,
        name: player.name,
        slug: player.slug,
        image: player.image,
        number: player.number,
        position: player.position,
        classification: player.classification,
        playingSince: player.playingSince,
        bio: player.bio,
      },
      season: seasonChoice(season),
      figures: shown?.figures ?? NO_FIGURES,
      recorded: shown?.recorded ?? NOTHING_RECORDED,
      seasons: history.map(({ recorded: _r, ...row }) => row),
      career: careerTotals(history.map((row) => row.figures)),
      description: truncate(`${player.name}, ${summary}. ${about}`, 200),
    },
  } as const;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}
