import type { ReactNode } from "react";
import { Link } from "react-router";
import type { HomeLastResult, HomeNextMatch } from "../../domain/site/home-matches.ts";
import { ArrowRightIcon } from "./page-icons/arrow-right.tsx";
import { CalendarIcon } from "./page-icons/calendar.tsx";
import { MapPinIcon } from "./page-icons/map-pin.tsx";

// rules §2 Home: the next match (with how long until kick-off, and its venue linked to the
// venue's page) and the last result. Text the server worked out (domain/site/home-matches.ts):
// no countdown code and no score rules in the browser (ADR 008), and every control is a plain
// link that works before the page's scripts run (ADR 019).

const TONE = {
  win: "border-[#16a34a]",
  loss: "border-[#dc2626]",
  neutral: "border-[#94a3b8]",
} as const;
const BADGE = {
  win: "bg-[#15803d] text-white",
  loss: "bg-[#b91c1c] text-white",
  neutral: "bg-[#475569] text-white",
} as const;

export function HomeMatches({
  next,
  last,
}: {
  next: HomeNextMatch | null;
  last: HomeLastResult | null;
}) {
  // A club with neither (a new club) is not shown an empty section.
  if (!next && !last) return null;
  return (
    <section
      aria-labelledby="home-matches-title"
      className="border-b border-slate-200 bg-slate-100"
    >
      <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8 sm:py-16">
        <h2 id="home-matches-title" className="sr-only">
          Matches
        </h2>
        <div className="grid gap-6 md:grid-cols-2">
          {next ? (
            <NextMatch match={next} />
          ) : (
            <Empty title="Next match" text="No upcoming fixtures found." />
          )}
          {last ? (
            <LastResult result={last} />
          ) : (
            <Empty title="Last result" text="No results available yet." />
          )}
        </div>
      </div>
    </section>
  );
}

function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <article
      className={`flex flex-col rounded-xl bg-white p-5 wrap-anywhere shadow-sm ring-1 ring-slate-200 sm:p-6 ${className}`}
    >
      {children}
    </article>
  );
}

function Venue({ name, href }: { name: string; href: string | null }) {
  return (
    <p className="mt-2 flex items-center gap-1.5 text-slate-700">
      <MapPinIcon className="size-5 shrink-0 text-slate-500" />
      {href ? (
        <Link
          to={href}
          className="inline-flex min-h-11 items-center font-semibold text-club underline underline-offset-4"
        >
          {name}
          <span className="sr-only">: venue and access guide</span>
        </Link>
      ) : (
        <span>{name}</span>
      )}
    </p>
  );
}

function NextMatch({ match }: { match: HomeNextMatch }) {
  return (
    <Card className="border-l-8 border-club">
      <div className="flex min-h-8 items-center">
        <h3 className="kicker text-club">Next match</h3>
      </div>
      <p className="mt-2 font-display text-2xl font-extrabold uppercase leading-tight text-slate-900 sm:text-3xl">
        {match.title}
      </p>
      {match.label ? (
        <p className="mt-1 text-sm font-medium text-slate-600">{match.label}</p>
      ) : null}
      <p className="mt-3 font-display text-lg font-bold tracking-wide text-club">
        <time dateTime={match.dateIso}>{match.dateText}</time>
      </p>
      <p className="mt-1 font-semibold text-slate-900">{match.countdownText}</p>
      <Venue name={match.location} href={match.venueHref} />
      <p className="mt-auto flex flex-wrap gap-x-6 pt-3">
        <a
          href={match.calendarHref}
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-club underline-offset-4 hover:underline"
        >
          <CalendarIcon className="size-5" />
          <span>
            Add to calendar<span className="sr-only">: {match.title}</span>
          </span>
        </a>
        <Link
          to="/fixtures"
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-club underline-offset-4 hover:underline"
        >
          All fixtures
          <ArrowRightIcon className="size-5" />
        </Link>
      </p>
    </Card>
  );
}

function LastResult({ result }: { result: HomeLastResult }) {
  return (
    <Card className={`border-l-8 ${TONE[result.tone]}`}>
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
        <h3 className="kicker text-club">Last result</h3>
        <p
          className={`rounded px-2.5 py-1 font-display text-sm font-bold uppercase tracking-wider ${BADGE[result.tone]}`}
        >
          {result.outcome}
        </p>
      </div>
      <p className="mt-2 font-display text-2xl font-extrabold uppercase leading-tight text-slate-900 sm:text-3xl">
        {result.title}
      </p>
      {result.penalties ? (
        <p className="font-semibold text-slate-800">Penalties: {result.penalties}</p>
      ) : null}
      {result.label ? (
        <p className="mt-1 text-sm font-medium text-slate-600">{result.label}</p>
      ) : null}
      <p className="mt-3 font-display text-lg font-bold tracking-wide text-slate-700">
        <time dateTime={result.dateIso}>{result.dateText}</time>
      </p>
      <Venue name={result.location} href={result.venueHref} />
      <p className="mt-auto pt-3">
        <Link
          to="/fixtures?tab=results"
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-club underline-offset-4 hover:underline"
        >
          All results
          <ArrowRightIcon className="size-5" />
        </Link>
      </p>
    </Card>
  );
}

function Empty({ title, text }: { title: string; text: string }) {
  return (
    <Card>
      <h3 className="kicker text-club">{title}</h3>
      <p className="mt-3 text-lg text-slate-700">{text}</p>
    </Card>
  );
}
