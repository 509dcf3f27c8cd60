import type { ReactNode } from "react";

// Inline icons: decorative (aria-hidden), coloured with currentColor. The control that holds
// one always has a text name. Brand marks are the Simple Icons shapes (CC0), in a sprite file.
// This module holds the header's icons, which every page loads; an icon only some pages show
// is a module of its own (page-icons/, social-icons.tsx), so it travels with those pages only
// (ADR 008).

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
