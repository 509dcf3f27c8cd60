import { z } from "zod";
import { club as defaults } from "../../config/club.ts";
import { type SponsorTier, sponsorTiers } from "../../db/schema.ts";
import { plainText } from "../forms/plain-text.ts";
import { isHttpsUrl, isLogo } from "./club.schema.ts";
import { sortSponsors, sponsorsByTier, tierHeading } from "./rules.ts";

// Sponsors (ADR 013): name, link, logo, tier and a short text; one schema for the browser and
// the server. Shown by tier (in SPONSOR_TIERS order), then by display order.

export const SPONSOR_TIERS = sponsorTiers;
export type { SponsorTier };

export interface Sponsor {
  id: string;
  name: string;
  href: string;
  /** An https address or the name of a bundled logo; null: the name in a styled box. */
  logo: string | null;
  tier: SponsorTier;
  text: string | null;
  displayOrder: number;
}

const SPONSOR_LIMITS = { nameMax: 120, urlMax: 500, textMax: 300 } as const;

const M = {
  name: "Please enter the sponsor's name.",
  href: "Please enter the sponsor's web address, starting with https://.",
  logo: "Please upload a logo, enter its address starting with https://, or leave it empty.",
  tier: "Please choose a tier.",
  tooLong: (max: number) => `Please keep this under ${max} characters.`,
};

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    plainText().max(max, message).optional(),
  );

export const sponsorFormSchema = z.object({
  id: z.uuid().optional(),
  name: plainText({ error: M.name })
    .min(1, M.name)
    .max(SPONSOR_LIMITS.nameMax, M.tooLong(SPONSOR_LIMITS.nameMax)),
  href: plainText({ error: M.href }).max(SPONSOR_LIMITS.urlMax, M.href).refine(isHttpsUrl, M.href),
  logo: optionalText(SPONSOR_LIMITS.urlMax, M.logo).refine(
    (value) => value === undefined || isLogo(value),
    M.logo,
  ),
  tier: z.enum(SPONSOR_TIERS, { error: M.tier }),
  text: z.preprocess(
    (value) => (value === "" ? undefined : value),
    plainText({ multiline: true })
      .max(SPONSOR_LIMITS.textMax, M.tooLong(SPONSOR_LIMITS.textMax))
      .optional(),
  ),
});

export type SponsorFormValue = z.output<typeof sponsorFormSchema>;
export type SponsorInput = Omit<SponsorFormValue, "id">;

/** The sponsor form's starting values: empty to add, the sponsor's to edit. */
export function sponsorFormDefaults(sponsor: Sponsor | null) {
  if (!sponsor) return { tier: "Official Sponsor" };
  return {
    id: sponsor.id,
    name: sponsor.name,
    href: sponsor.href,
    logo: sponsor.logo ?? "",
    tier: sponsor.tier,
    text: sponsor.text ?? "",
  };
}

/**
 * Move up / Move down within a sponsor's tier (ADR 005's team order): swaps with the
 * neighbour and numbers the tier 1, 2, 3… again. Null when the sponsor is not in the list.
 */
export function moveSponsorInTier<
  T extends Pick<Sponsor, "id" | "tier" | "displayOrder" | "name">,
>({
  list,
  id,
  direction,
}: {
  list: readonly T[];
  id: string;
  direction: "up" | "down";
}): { orders: Map<string, number>; position: number; count: number; moved: boolean } | null {
  const sponsor = list.find((entry) => entry.id === id);
  if (!sponsor) return null;
  const tier = sortSponsors(list.filter((entry) => entry.tier === sponsor.tier));
  const from = tier.findIndex((entry) => entry.id === id);
  const to = direction === "up" ? from - 1 : from + 1;
  const moved = to >= 0 && to < tier.length;
  if (moved) {
    const [taken] = tier.splice(from, 1);
    if (taken) tier.splice(to, 0, taken);
  }
  return {
    orders: new Map(tier.map((entry, index) => [entry.id, index + 1])),
    position: (moved ? to : from) + 1,
    count: tier.length,
    moved,
  };
}

/** config/club.ts's sponsors, for an empty database (decisions 15). */
export function defaultSponsors() {
  return defaults.officialSponsors.map((sponsor, index) => ({
    name: sponsor.name,
    href: sponsor.href,
    logo: sponsor.logo ?? null,
    tier: "Official Sponsor" as const,
    text: null,
    displayOrder: index + 1,
  }));
}

export { sortSponsors, sponsorsByTier, tierHeading };
