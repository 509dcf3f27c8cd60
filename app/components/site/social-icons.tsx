import socialIconsSprite from "../../assets/social-icons.svg?url";
import type { SocialNetworkName } from "../../domain/club/club.schema.ts";
import type { IconProps } from "./icons.tsx";

// The social networks' marks (the Simple Icons shapes, CC0) for the footer, the videos and Club
// details: a module of its own, outside the code every page loads (the footer is kept as the
// server's HTML, ADR 044).

/**
 * A social network's mark. The marks are a sprite file of their own (assets/social-icons.svg,
 * a hashed, cached asset the service worker precaches), drawn with <use>: as components their
 * paths were about 1 KB gzip of JavaScript on every page (the footer shows them), ADR 008.
 */
export function SocialIcon({
  network,
  className = "size-6",
}: IconProps & { network: SocialNetworkName }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={className}>
      <use href={`${socialIconsSprite}#${network}`} />
    </svg>
  );
}

/** The networks' names, as the footer, the videos and Club details show them. */
export const socialNetworks: Record<SocialNetworkName, { label: string }> = {
  facebook: { label: "Facebook" },
  instagram: { label: "Instagram" },
  youtube: { label: "YouTube" },
  tiktok: { label: "TikTok" },
  x: { label: "X" },
  bluesky: { label: "Bluesky" },
};
