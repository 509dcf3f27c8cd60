import { Form, Link } from "react-router";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { requireAdministrator } from "../../domain/auth/session.server.ts";
import { countUnreadMessages } from "../../domain/contact/messages.server.ts";
import { countFixturesNeedingResult } from "../../domain/fixtures/fixtures.server.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Dashboard | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdministrator(request);
  const [unread, needingResult] = await Promise.all([
    countUnreadMessages(),
    countFixturesNeedingResult({ now: new Date() }),
  ]);
  return { unread, needingResult };
}

// rules §2 Admin dashboard: the four management links, with their labels and routes.
const cards = [
  { to: "/admin/news", label: "Manage News", text: "Write, edit and remove news stories." },
  { to: "/admin/fixtures", label: "Manage Fixtures", text: "Add fixtures and record results." },
  { to: "/admin/table", label: "Manage Table", text: "Keep the league table up to date." },
  { to: "/admin/team", label: "Manage Team", text: "Players, coaches and their profiles." },
  {
    to: "/admin/club",
    label: "Club details",
    text: "Name, colours, contacts, social links and governing bodies.",
  },
  { to: "/admin/sponsors", label: "Sponsors", text: "Sponsors by tier, their logos and links." },
  // ADR 017: every upload, where it is used, the storage they take; delete the unused.
  {
    to: "/admin/media",
    label: "Photos and logos",
    text: "Every uploaded photo and logo, where it is used, and the storage they take.",
  },
  // decisions 24: seasons, and the scorers that match no one in the squad.
  {
    to: "/admin/seasons",
    label: "Seasons",
    text: "Start a new season, unlock an archived one, and check unmatched scorers.",
  },
];

// decisions 15: the lists the fixture form picks from.
const LISTS = [
  { to: "/admin/venues", label: "Venues", text: "The places fixtures are played." },
  {
    to: "/admin/competitions",
    label: "Competitions",
    text: "Leagues, cups and other match types.",
  },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="font-display text-3xl font-extrabold uppercase text-slate-900 sm:text-4xl">
        Dashboard
      </h1>
      <p className="mt-2 text-slate-600">What would you like to update today?</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {cards.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="block h-full rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:ring-club"
            >
              <span className="block font-display text-xl font-bold uppercase text-club">
                {card.label}
              </span>
              <span className="mt-1 block text-sm text-slate-600">{card.text}</span>
              {card.to === "/admin/fixtures" && loaderData.needingResult > 0 ? (
                <span className="mt-2 inline-block rounded bg-amber-100 px-2 py-0.5 text-sm font-bold text-amber-950">
                  {loaderData.needingResult === 1
                    ? "1 past fixture needs a result"
                    : `${loaderData.needingResult} past fixtures need a result`}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
        <li>
          <Link
            to="/admin/messages"
            className="block h-full rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:ring-club"
          >
            <span className="block font-display text-xl font-bold uppercase text-club">
              Messages
            </span>
            <span className="mt-1 block text-sm text-slate-600">
              {loaderData.unread === 0
                ? "No unread messages from the contact form."
                : `${loaderData.unread} unread ${loaderData.unread === 1 ? "message" : "messages"} from the contact form.`}
            </span>
          </Link>
        </li>
        {LISTS.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="block h-full rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:ring-club"
            >
              <span className="block font-display text-xl font-bold uppercase text-club">
                {card.label}
              </span>
              <span className="mt-1 block text-sm text-slate-600">{card.text}</span>
            </Link>
          </li>
        ))}
        <li>
          <Link
            to="/admin/import"
            className="block h-full rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:ring-club"
          >
            <span className="block font-display text-xl font-bold uppercase text-club">
              Import from the old site
            </span>
            <span className="mt-1 block text-sm text-slate-600">
              Check and import the old site's export file.
            </span>
          </Link>
        </li>
        <li>
          <Link
            to="/admin/pages"
            className="block h-full rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:ring-club"
          >
            <span className="block font-display text-xl font-bold uppercase text-club">Pages</span>
            <span className="mt-1 block text-sm text-slate-600">
              About, the home page's welcome, the privacy policy and the terms.
            </span>
          </Link>
        </li>
        <li>
          <Link
            to="/admin/administrators"
            className="block h-full rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:ring-club"
          >
            <span className="block font-display text-xl font-bold uppercase text-club">
              Administrators
            </span>
            <span className="mt-1 block text-sm text-slate-600">
              Invite or remove administrators, change your password.
            </span>
          </Link>
        </li>
      </ul>
      <section
        aria-labelledby="sessions-title"
        className="mt-10 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="sessions-title" className="font-display text-xl font-bold uppercase text-slate-900">
          Your sessions
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Signed in on a shared computer, or lost a phone? End every session of yours, on every
          device, this one included.
        </p>
        {/* rules §12: the logout action ends every session of this administrator. */}
        <Form method="post" action="/admin/logout" className="mt-4">
          <input type="hidden" name="scope" value="everywhere" />
          <button
            type="submit"
            className="min-h-11 rounded-md border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-100"
          >
            Sign out everywhere
          </button>
        </Form>
      </section>
    </>
  );
}
