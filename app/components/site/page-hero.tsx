import type { ReactNode } from "react";

// The title band of an inner public page: the club colour, a kicker and a display heading.

export function PageHero({
  kicker,
  title,
  titleId,
  children,
}: {
  kicker: string;
  title: string;
  /** The heading's id, for a page that is labelled by it. */
  titleId?: string;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-club text-club-contrast">
      <div aria-hidden="true" className="hero-stripes absolute inset-0" />
      <div className="relative mx-auto max-w-6xl px-5 py-14 sm:px-8 sm:py-20">
        <p className="font-display text-sm font-bold uppercase tracking-[0.25em] text-accent">
          {kicker}
        </p>
        <h1
          id={titleId}
          className="mt-3 max-w-4xl font-display text-5xl font-extrabold uppercase leading-[0.95] sm:text-7xl"
        >
          {title}
        </h1>
        {children ? <div className="mt-5 max-w-2xl text-lg text-white/90">{children}</div> : null}
      </div>
    </section>
  );
}
