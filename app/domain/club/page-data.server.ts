import { zoneOffsetsAround } from "../dates/zone-offsets.server.ts";
import { getClub } from "./club.server.ts";
import { accentTextColour } from "./contrast.ts";

/**
 * ADR 013: what every page renders with about the club (the root route's loader data): its
 * details and sponsors, the text colour on accent buttons and the time zone's offsets around
 * today (ADR 008: dates without Intl in the browser). The root's loader sends it; the match
 * centre's tab endpoint renders its HTML with the same (ADR 008, server HTML for the tabs).
 */
export async function clubPageData() {
  const { details, sponsors } = await getClub();
  return {
    club: details,
    sponsors,
    accentContrast: accentTextColour(details.colours.accent),
    zoneOffsets: zoneOffsetsAround({ zone: details.timeZone }),
  };
}
