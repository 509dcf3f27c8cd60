import type { CSSProperties } from "react";
import { useRouteLoaderData } from "react-router";
import { clubSite } from "../../config/club-site.ts";
import type { ClubDetails } from "../../domain/club/club.schema.ts";
import { defaultClubDetails } from "../../domain/club/rules.ts";
import type { Sponsor } from "../../domain/club/sponsors.schema.ts";
import type { ZoneOffsets } from "../../domain/dates/zone-offsets.ts";

// The club's details and sponsors in components (ADR 013): the root loader reads them from
// the database (getClub, cached) on every request; components take them from there. The
// defaults only show where the root loader has no data (an error before it ran).

export interface RootClubData {
  club: ClubDetails;
  sponsors: Sponsor[];
  /**
   * The text colour on accent-coloured buttons (contrast.ts, accentTextColour), worked out by
   * the root loader: the contrast formulas stay out of every page's first load (ADR 008).
   */
  accentContrast: string;
  /** The time zone's offsets around today (ADR 008: dates without Intl in the browser). */
  zoneOffsets?: ZoneOffsets;
}

function isRootClubData(value: unknown): value is RootClubData {
  return typeof value === "object" && value !== null && "club" in value && "sponsors" in value;
}

export function useClubData(): RootClubData {
  const data = useRouteLoaderData("root");
  return isRootClubData(data)
    ? data
    : {
        club: defaultClubDetails(),
        sponsors: [],
        accentContrast: clubSite.colours.accentContrast,
      };
}

/** The club's details, as saved in Club details. */
export function useClub(): ClubDetails {
  return useClubData().club;
}

/** The club's details in a route's `meta` (which has no hooks): from the root's loader data. */
export function clubFromMatches(
  matches: readonly ({ id: string; loaderData?: unknown; data?: unknown } | undefined)[],
): ClubDetails {
  const root = matches.find((match) => match?.id === "root");
  const data = root?.loaderData ?? root?.data;
  return isRootClubData(data) ? data.club : defaultClubDetails();
}

/** The club's colours as the CSS custom properties app.css reads. */
export function clubColourStyle({
  club,
  accentContrast,
}: Pick<RootClubData, "club" | "accentContrast">): CSSProperties {
  return {
    "--club-primary": club.colours.primary,
    "--club-primary-contrast": clubSite.colours.primaryContrast,
    "--club-accent": club.colours.accent,
    "--club-accent-contrast": accentContrast,
  } as CSSProperties;
}
