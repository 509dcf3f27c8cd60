import { Link } from "react-router";
import { PageHero } from "../../components/site/page-hero.tsx";
import { ArrowRightIcon } from "../../components/site/page-icons/arrow-right.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import { placeName } from "../../domain/club/rules.ts";
import { readPageTexts } from "../../domain/pages/pages.server.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) => {
  const club = clubFromMatches(matches);
  return pageMeta({
    club,
    title: "About",
    description: `The mission of ${club.name} and who we are: a volunteer-run powerchair football club${placeName(club.address) ? ` in ${placeName(club.address)}` : ""}.`,
    path: "/about",
  });
};

const values = [
  {
    title: "Play to win",
    text: "Fast, tactical, attacking football, and the training to back it up.",
  },
  {
    title: "Everyone belongs",
    text: "Players of every age and ability, and a place for every family and volunteer.",
  },
  {
    title: "Run by the club",
    text: "Volunteers coach, drive, fundraise and decide together how the club is run.",
  },
];

// rules §2 About: the mission text and a 'Who We Are' text, edited in the admin (Pages;
// decisions 15), sanitised HTML.
export async function loader() {
  const texts = await readPageTexts(["about-mission", "about-who"]);
  return { mission: texts["about-mission"].html, who: texts["about-who"].html };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const club = useClub();
  return (
    <>
      <PageHero kicker={`Since ${club.founded}`} title={`About ${club.shortName}`}>
        <p>{club.tagline}</p>
      </PageHero>

      <section aria-labelledby="mission-title" className="bg-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-5 py-16 sm:px-8 sm:py-24 lg:grid-cols-[1fr_1.6fr] lg:gap-16">
          <div>
            <p className="kicker text-club">Why we play</p>
            <h2 id="mission-title" className="section-title mt-2 text-slate-900">
              Our Mission
            </h2>
          </div>
          <div
            className="prose-bio"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (domain/pages)
            dangerouslySetInnerHTML={{ __html: loaderData.mission }}
          />
        </div>
      </section>

      <section aria-labelledby="values-title" className="bg-club text-club-contrast">
        <div className="mx-auto max-w-6xl px-5 py-14 sm:px-8">
          <h2 id="values-title" className="sr-only">
            What we stand for
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {values.map((value, index) => (
              <li key={value.title} className="border-l-4 border-accent pl-5">
                <p className="font-display text-5xl font-extrabold text-accent" aria-hidden="true">
                  0{index + 1}
                </p>
                <h3 className="mt-1 font-display text-2xl font-bold uppercase">{value.title}</h3>
                <p className="mt-2 text-white/90">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="who-title" className="bg-slate-100">
        <div className="mx-auto grid max-w-6xl gap-10 px-5 py-16 sm:px-8 sm:py-24 lg:grid-cols-[1fr_1.6fr] lg:gap-16">
          <div>
            <p className="kicker text-club">The club</p>
            <h2 id="who-title" className="section-title mt-2 text-slate-900">
              Who We Are
            </h2>
            <img
              src="/images/demo/volunteers.svg"
              alt="Five club volunteers in navy and amber tops wave hello, one of them in a powerchair"
              width={1200}
              height={675}
              loading="lazy"
              decoding="async"
              className="mt-8 aspect-video w-full rounded-xl object-cover shadow-md ring-1 ring-slate-200"
            />
          </div>
          <div>
            <div
              className="prose-bio"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (domain/pages)
              dangerouslySetInnerHTML={{ __html: loaderData.who }}
            />
            <p className="mt-8 flex flex-wrap gap-3">
              <Link to="/contact" className="button-primary">
                Get in touch
                <ArrowRightIcon className="size-5" />
              </Link>
              <Link to="/sponsors" className="button-secondary">
                Support the club
              </Link>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
