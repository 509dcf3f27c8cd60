import type { ReactNode } from "react";

// A link to another site: opens in a new tab, safely (rel="noopener noreferrer"), and says
// so to screen readers.

export function ExternalLink({
  href,
  children,
  className,
  label,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  /** Accessible name when the visible content is only an image or icon. */
  label?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {label ? <span className="sr-only">{label}</span> : null}
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
