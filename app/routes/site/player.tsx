import { data, Link, redirect } from "react-router";
import { MediaImage } from "../../components/site/media-image.tsx";
import { pageMeta, pageTitle } from "../../components/site/page-meta.ts";
import { isDefaultPhoto, PHOTO_SIZE, personPhoto } from "../../components/site/person-photo.ts";
import { figuresSource, NotRecorded } from "../../components/site/player/player-figures.tsx";
import { SeasonHistory } from "../../components/site/player/season-history.tsx";
import { SeasonPicker } from "../../components/site/season-picker.tsx";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import { JsonLd } from "../../components/ui/json-ld.tsx";
import { playerPage } from "../../domain/team/player-page.server.ts";
import { dashIfMissing, defaultBio, splitName } from "../../domain/team/rules.ts";
import { playerJsonLd } from "../../domain/team/structured-data.ts";
import type { Route } from "./+types/player";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const club = clubFromMatches(matches);
  if (!loaderData) {
    return [{ title: pageTitle(club, "Player not found") }, { name: "robots", content: "noindex" }];
  }
  const { player, description, season } = loaderData;
  return pageMeta({
    club,
    title: season.isCurrent ? player.name : `${player.name}, ${season.label}`,
    description,
    path: season.isCurrent ? `/team/${player.slug}` : `/team/${player.slug}?season=${season.slug}`,
    type: "profile",
    image: {
      src: personPhoto(player),
      alt: player.name,
      ...(player.image ? {} : PHOTO_SIZE),
    },
  });
};

// rules §2 Player detail, §7 Player page, decisions 16: the player's page model (ADR 022),
// a 301 to a player's new address, or a real 404.
export async function loader({ params, request }: Route.LoaderArgs) {
  const answer = await playerPage({
    slug: params.slug,
    season: new URL(request.url).searchParams.get("season"),
  });
  if (answer.status === "moved") throw redirect(answer.to, 301);
  if (answer.status === "not-found") throw data(null, { status: 404 });
  return answer.page;
}

export default function Player({ loaderData }: Route.ComponentProps) {
  const club = useClub();
  const { player, description, season, figures, recorded, seasons, career } = loaderData;
  const { firstName, lastName } = splitName(player.name);
  const photo = personPhoto(player);
  const facts = [
    { label: "Number", value: player.number },
    { label: "Position", value: player.position },
    { label: "Classification", value: dashIfMissing(player.classification) },
    { label: "Playing Since", value: dashIfMissing(player.playingSince) },
  ];
  const stats = [
    ...(recorded.details ? [{ label: "Appearances", value: figures.appearances }] : []),
    { label: "Goals", value: figures.goals },
    { label: "Assists", value: figures.assists },
    { label: "Yellow Cards", value: figures.yellowCards },
    { label: "Red Cards", value: figures.redCards },
  ];

  return (
    // Long unbroken words in a name, position or bio wrap rather than widen the page.
    <article aria-labelledby="player-name" className="wrap-anywhere">
      <JsonLd data={playerJsonLd({ player, description, photo, site: club })} />
      <section className="relative overflow-hidden bg-club text-club-contrast">
        <div aria-hidden="true" className="hero-stripes absolute inset-0" />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute -right-6 -bottom-16 font-display text-[16rem] font-extrabold leading-none text-white/5 select-none sm:text-[24rem]"
        >
          {player.number === "TBD" ? "" : player.number}
        </span>
        <div className="relative mx-auto max-w-6xl px-5 pt-8 pb-14 sm:px-8 sm:pb-20">
          <Link
            to="/team"
            className="inline-flex min-h-11 items-center gap-2 font-display text-lg font-bold uppercase tracking-wide text-white underline decoration-accent decoration-2 underline-offset-8 hover:decoration-white"
          >
            <span aria-hidden="true">←</span> Back to Team
          </Link>
          <div className="mt-8 grid items-end gap-8 sm:grid-cols-[minmax(0,16rem)_1fr] sm:gap-10 lg:grid-cols-[minmax(0,20rem)_1fr] lg:gap-14">
            <div className="relative mx-auto w-full max-w-[16rem] sm:mx-0 sm:max-w-none">
              <div
                aria-hidden="true"
                className="absolute -right-3 -bottom-3 h-full w-full rounded-2xl bg-accent"
              />
              <MediaImage
                src={photo}
                alt={isDefaultPhoto(photo) ? "" : player.name}
                width={PHOTO_SIZE.width}
                height={PHOTO_SIZE.height}
                sizes="(min-width: 768px) 24rem, calc(100vw - 2.5rem)"
                fetchPriority="high"
                className="relative aspect-[4/5] w-full rounded-2xl bg-slate-300 object-cover object-top shadow-2xl"
              />
            </div>
            <div>
              <p className="kicker text-accent">
                {player.number === "TBD" ? "Player" : `No. ${player.number}`}
                {player.position === "TBD" ? "" : ` · ${player.position}`}
              </p>
              <h1
                id="player-name"
                className="mt-3 font-display font-extrabold uppercase leading-[0.9]"
              >
                {lastName ? (
                  <>
                    <span className="block text-3xl text-white/90 sm:text-4xl">
                      {firstName}
                    </span>{" "}
                  </>
                ) : null}
                <span className="block text-6xl wrap-anywhere sm:text-7xl lg:text-8xl">
                  {lastName || firstName}
                </span>
              </h1>
              <dl className="mt-8 grid grid-cols-2 gap-px overflow-hidden rounded-xl bg-white/15 ring-1 ring-white/15 lg:grid-cols-4">
                {facts.map((fact) => (
                  <div key={fact.label} className="flex flex-col bg-club/95 px-4 py-3">
                    <dt className="text-xs font-semibold uppercase tracking-widest text-white/75">
                      {fact.label}
                    </dt>
                    <dd className="mt-1 font-display text-2xl font-bold uppercase">
                      {fact.value === "—" ? <NotRecorded /> : fact.value}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          </div>
        </div>
      </section>

      <div className="bg-white">
        <div className="mx-auto grid max-w-6xl gap-12 px-5 py-16 sm:px-8 sm:py-20 lg:grid-cols-[1.5fr_1fr] lg:gap-16">
          <section aria-labelledby="bio-title">
            <p className="kicker text-club">Profile</p>
            <h2 id="bio-title" className="section-title mt-2 text-slate-900">
              About {firstName}
            </h2>
            {player.bio ? (
              <div
                className="prose-bio mt-6"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (domain/team/bio.server.ts)
                dangerouslySetInnerHTML={{ __html: player.bio }}
              />
            ) : (
              <div className="prose-bio mt-6">
                <p>{defaultBio({ name: player.name, clubName: club.name })}</p>
              </div>
            )}
          </section>
          <section aria-labelledby="stats-title" className="self-start">
            <h2
              id="stats-title"
              className="font-display text-3xl font-extrabold uppercase leading-none text-slate-900 sm:text-4xl"
            >
              Season {season.label} Stats
            </h2>
            <div className="mt-4">
              <SeasonPicker
                seasons={seasons}
                selected={season.slug}
                hrefFor={(each) =>
                  each.isCurrent
                    ? `/team/${player.slug}`
                    : `/team/${player.slug}?season=${each.slug}`
                }
              />
            </div>
            <dl className="mt-6 grid grid-cols-2 gap-3">
              {stats.map((stat) => (
                <div
                  key={stat.label}
                  className="flex flex-col-reverse rounded-xl border-b-4 border-accent bg-slate-50 px-5 py-4 ring-1 ring-slate-200"
                >
                  <dt className="mt-1 text-sm font-semibold uppercase tracking-wider text-slate-600">
                    {stat.label}
                  </dt>
                  <dd className="font-display text-5xl font-extrabold leading-none text-club">
                    {stat.value}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm text-slate-700">{figuresSource(recorded)}</p>
          </section>
        </div>
        {seasons.length > 1 ? (
          <div className="mx-auto max-w-6xl px-5 pb-16 sm:px-8 sm:pb-20">
            <SeasonHistory seasons={seasons} career={career} />
          </div>
        ) : null}
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <SiteErrorBoundary
      notFoundCopy={{
        title: "Player not found",
        message:
          "We couldn't find that player. They may have left the squad, or the address may be mistyped.",
        backTo: { to: "/team", label: "Back to Team" },
      }}
    />
  );
}
