import { club } from "../../config/club.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: club.name },
  { name: "description", content: club.tagline },
];

// The home screen; the Public site issue fills in the welcome, news and social sections.
export default function Home() {
  return (
    <main id="main">
      <section className="bg-club text-club-contrast">
        <div className="mx-auto max-w-6xl px-6 py-24 sm:py-32">
          <p className="font-display text-sm font-bold uppercase tracking-[0.25em] text-accent">
            Powerchair football
          </p>
          <h1 className="mt-4 max-w-3xl font-display text-5xl font-extrabold uppercase leading-none sm:text-7xl">
            {club.name}
          </h1>
          <p className="mt-6 max-w-2xl text-lg sm:text-xl">{club.tagline}</p>
        </div>
      </section>
    </main>
  );
}
