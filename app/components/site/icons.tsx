import type { ReactNode } from "react";
import socialIconsSprite from "../../assets/social-icons.svg?url";
import type { SocialNetworkName } from "../../domain/club/club.schema.ts";

// Inline icons: decorative (aria-hidden), coloured with currentColor. The control that holds
// one always has a text name. Brand marks are the Simple Icons shapes (CC0), in a sprite file.
// This module holds the layout's icons (header and footer), which every page loads; an icon
// only some pages show is a module of its own in page-icons/, so it travels with those pages
// only (ADR 008).

export interface IconProps {
  className?: string;
}

export function Svg({
  className = "size-6",
  children,
  filled = false,
  viewBox = "0 0 24 24",
}: IconProps & { children: ReactNode; filled?: boolean; viewBox?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={viewBox}
      className={className}
      fill={filled ? "currentColor" : "none"}
      stroke={filled ? "none" : "currentColor"}
      strokeWidth={filled ? undefined : 2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

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

export function PersonIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </Svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Svg>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Svg>
  );
}
