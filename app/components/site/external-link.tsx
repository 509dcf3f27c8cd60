import type { ReactNode } from "react";

// A link to another site: opens in a new tab, safely (rel="noopener noreferrer"), and says
// so to screen readers.

const NEW_TAB = "(opens in a new tab)";

export function ExternalLink({
  href,
  children,
  className,
  label,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  /** The accessible name, when the visible content is only an image, an icon or partial. */
  label?: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label ? `${label} ${NEW_TAB}` : undefined}
      className={className}
    >
      {children}
      {label ? null : <span className="sr-only"> {NEW_TAB}</span>}
    </a>
  );
}
