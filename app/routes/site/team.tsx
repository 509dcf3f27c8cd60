import { Suspense } from "react";
import { Link } from "react-router";
import { MediaImage } from "../../components/site/media-image.tsx";
import { PageHero } from "../../components/site/page-hero.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { PendingStatus } from "../../components/site/pending-status.tsx";
import { PHOTO_SIZE, personPhoto } from "../../components/site/person-photo.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import { InTurns } from "../../components/ui/in-turns.tsx";
import { splitName } from "../../domain/team/rules.ts";
import type { TeamMemberSummary } from "../../domain/team/team.server.ts";
import { teamPage } from "../../domain/team/team-page.server.ts";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const club = clubFromMatches(matches);
  return pageMeta({
    club,
    title: "Team",
    description: `Meet the players and coaching staff of ${club.name}: shirt numbers, profiles and season ${loaderData?.seasonLabel ?? ""} stats.`,
    path: "/team",
  });
};

// rules §2 Team, §7 Team roster, decisions 9–10: players in display order, then the coaches.
// ADR 008: the page's data carries what its cards show and nothing else. It is sent twice, as
// HTML and as the data React hydrates from, so each field costs every visitor (with 200 people,
// ids, positions and display order were 7.9 KB of the page's 24.5 KB gzip) and the browser decodes
// it before the page responds.
// rules §2 Team: the page model (ADR 022).
export function loader() {
  return teamPage();
}

type Card = Pick<TeamMemberSummary, "name" | "slug" | "image">;

/** Players on a phone's first row (two columns). */
const FIRST_ROW = 2;

// ADR 030: the server renders each grid's cards in pieces, a turn apart (<InTurns>).
// ADR 008: each grid is a <Suspense> boundary. React hydrates the page without them first and
// the boundaries afterwards in short slices, so hundreds of cards do not make one long task
// that blocks the phone's main thread (Lighthouse's total blocking time).
export default function Team({ loaderData }: Route.ComponentProps) {
  const club = useClub();
  const { players, coaches, seasonLabel } = loaderData;
  return (
    <>
      <PageHero kicker={`Season ${seasonLabel} squad`} title="Our Team">
        <p>
          The players and coaches who wear the {club.shortName} colours. Choose a player to see
          their profile and season stats.
        </p>
      </PageHero>
      <PendingStatus when={(pathname) => pathname.startsWith("/team/")}>
        Loading player details...
      </PendingStatus>

      <section aria-labelledby="players-title" className="bg-slate-100">
        <div className="mx-auto max-w-6xl px-5 py-16 sm:px-8 sm:py-20">
          <SectionHeading id="players-title" kicker="First team" title="Players" />
          {players.length === 0 ? (
            <Empty>No players listed yet.</Empty>
          ) : (
            <Suspense>
              <ul className="mt-10 grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
                <InTurns
                  items={players}
                  render={(player, index) => (
                    <li key={player.slug} className="list-card">
                      <PlayerCard player={player} firstRow={index < FIRST_ROW} />
                    </li>
                  )}
                />
              </ul>
            </Suspense>
          )}
        </div>
      </section>

      <section aria-labelledby="staff-title" className="bg-white">
        <div className="mx-auto max-w-6xl px-5 py-16 sm:px-8 sm:py-20">
          <SectionHeading id="staff-title" kicker="Behind the team" title="Coaching Staff" />
          {coaches.length === 0 ? (
            <Empty>No coaching staff listed yet.</Empty>
          ) : (
            <Suspense>
              <ul className="mt-10 grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
                <InTurns
                  items={coaches}
                  render={(coach) => (
                    <li key={coach.slug} className="list-card">
                      <CoachCard coach={coach} />
                    </li>
                  )}
                />
              </ul>
            </Suspense>
          )}
        </div>
      </section>

      <section aria-labelledby="join-title" className="bg-club text-club-contrast">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-5 px-5 py-12 sm:px-8 md:flex-row md:items-center md:justify-between">
          <div>
            <h2
              id="join-title"
              className="font-display text-3xl font-extrabold uppercase sm:text-4xl"
            >
              Want to play?
            </h2>
            <p className="mt-2 max-w-xl text-lg text-white/90">
              Every player here started with a taster session. No experience needed.
            </p>
          </div>
          <Link to="/come-and-try" className="button-accent">
            Come and try
          </Link>
        </div>
      </section>
    </>
  );
}

function SectionHeading({ id, kicker, title }: { id: string; kicker: string; title: string }) {
  return (
    <div>
      <p className="kicker text-club">{kicker}</p>
      <h2 id={id} className="section-title mt-2 text-slate-900">
        {title}
      </h2>
    </div>
  );
}

function Empty({ children }: { children: string }) {
  return (
    <p className="mt-10 rounded-xl bg-white px-6 py-10 text-center text-lg text-slate-700 ring-1 ring-slate-200">
      {children}
    </p>
  );
}

function Portrait({ member, firstRow = false }: { member: Card; firstRow?: boolean }) {
  return (
    <MediaImage
      src={personPhoto(member)}
      alt=""
      width={PHOTO_SIZE.width}
      height={PHOTO_SIZE.height}
      sizes="(min-width: 1024px) 17rem, (min-width: 640px) 33vw, 50vw"
      // The first row is on the first screen of a phone (two columns): its photos are the page's
      // largest paint, so they load at once instead of waiting for layout.
      loading={firstRow ? "eager" : "lazy"}
      decoding="async"
      className="person-card-photo"
    />
  );
}

// rules §2 Team: photo, shirt number, first and last name; the whole card links to the profile.
function PlayerCard({
  player,
  firstRow,
}: {
  player: Card & Pick<TeamMemberSummary, "number">;
  firstRow: boolean;
}) {
  const { firstName, lastName } = splitName(player.name);
  return (
    <Link to={`/team/${player.slug}`} className="group person-card person-card-link">
      <Portrait member={player} firstRow={firstRow} />
      <span aria-hidden="true" className="person-card-shade" />
      <span className="person-card-text flex flex-col">
        {lastName ? (
          <>
            <span className="person-card-first">{firstName}</span>{" "}
          </>
        ) : null}
        <span className="person-card-last leading-none">{lastName || firstName}</span>
        <span className="person-card-bar" />
      </span>
      <span className="person-card-number">
        <span className="sr-only">, number </span>
        {player.number}
      </span>
    </Link>
  );
}

// rules §2 Team: coaches are listed with photo, name and role, and do not link.
function CoachCard({ coach }: { coach: Card & Pick<TeamMemberSummary, "role"> }) {
  const { firstName, lastName } = splitName(coach.name);
  return (
    <article aria-labelledby={`coach-${coach.slug}`} className="group person-card">
      <Portrait member={coach} />
      <span aria-hidden="true" className="person-card-shade" />
      <div className="person-card-text">
        <p className="inline-block rounded bg-accent px-2 py-0.5 font-display text-sm font-bold uppercase tracking-wide text-accent-contrast">
          {coach.role}
        </p>
        <h3 id={`coach-${coach.slug}`} className="mt-2 leading-none">
          {lastName ? (
            <>
              <span className="person-card-first block">{firstName}</span>{" "}
            </>
          ) : null}
          <span className="person-card-last block">{lastName || firstName}</span>
        </h3>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
