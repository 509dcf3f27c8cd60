import { listRoundSlugs } from "../fixtures/rounds.server.ts";
import { roundPath } from "../fixtures/rounds.ts";
import { listNewsSitemapEntries } from "../news/news.server.ts";
import { newsPath } from "../news/paths.ts";
import { listSeasons } from "../seasons/seasons.server.ts";
import { hasProfilePage } from "../team/rules.ts";
import { listTeam } from "../team/team.server.ts";
import { venueLinks } from "../venues/venue-page.server.ts";
import type { SitemapEntry } from "./sitemap.ts";

// Every public address, for search engines (/sitemap.xml). THE place where a section of the
// site adds its addresses: one line in PUBLIC_PAGES for a fixed page, one function in SECTIONS
// for pages made from content (/team and each player's /team/{slug}; /fixtures; rules §10
// Feeds). Each section reads its own entity through its domain module.

/** The fixed public pages (rules §2 Public routes) that exist. */
const PUBLIC_PAGES: readonly string[] = [
  "/",
  "/about",
  "/news",
  "/team",
  "/fixtures",
  "/sponsors",
  "/contact",
  "/events",
  "/come-and-try",
  "/privacy-policy",
  "/terms-conditions",
];

const SECTIONS: ReadonlyArray<() => Promise<SitemapEntry[]>> = [
  // rules §2 Rounds (ADR 035): every round day's page.
  async () =>
    (await listRoundSlugs()).map(({ slug, updatedAt }) => ({
      path: roundPath(slug),
      lastModified: updatedAt,
    })),
  // rules §2 Venue page (ADR 031): every venue's page with its access guide.
  async () => Object.values(await venueLinks()).map((path) => ({ path })),
  // rules §2 News detail: every news item.
  async () =>
    (await listNewsSitemapEntries()).map(({ id, slug, updatedAt }) => ({
      path: newsPath({ id, slug }),
      lastModified: updatedAt,
    })),
  // rules §2 Player detail: every player (coaches have no page).
  async () =>
    (await listTeam())
      .filter((member) => hasProfilePage(member.role))
      .map(({ slug }) => ({ path: `/team/${slug}` })),
  // each earlier season's match centre tabs and each player's figures in it.
  async () => {
    const [seasons, team] = await Promise.all([listSeasons(), listTeam()]);
    const players = team.filter((member) => hasProfilePage(member.role));
    return seasons
      .filter((season) => !season.isCurrent)
      .flatMap(({ slug }) => {
        const season = encodeURIComponent(slug);
        return [
          { path: `/fixtures?season=${season}` },
          { path: `/fixtures?tab=results&season=${season}` },
          { path: `/fixtures?tab=table&season=${season}` },
          ...players.map((player) => ({ path: `/team/${player.slug}?season=${season}` })),
        ];
      });
  },
];

export async function listSitemapEntries(): Promise<SitemapEntry[]> {
  const fromContent = await Promise.all(SECTIONS.map((section) => section()));
  return [...PUBLIC_PAGES.map((path) => ({ path })), ...fromContent.flat()];
}
