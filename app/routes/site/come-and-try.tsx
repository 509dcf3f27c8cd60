import { data, Link, redirect } from "react-router";
import { EnquiryForm } from "../../components/site/come-and-try/enquiry-form.tsx";
import { EnquirySent } from "../../components/site/come-and-try/enquiry-sent.tsx";
import { EventCard } from "../../components/site/events/event-card.tsx";
import { PageHero } from "../../components/site/page-hero.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { comeAndTryPage } from "../../domain/contact/come-and-try-page.server.ts";
import { submitComeAndTry } from "../../domain/contact/submit-come-and-try.server.ts";
import { clientAddressContext } from "../../request-context.server.ts";
import type { Route } from "./+types/come-and-try";

export const meta: Route.MetaFunction = ({ matches }) => {
  const club = clubFromMatches(matches);
  return pageMeta({
    club,
    title: "Come and try",
    description: `Try powerchair football with ${club.name}: who can play, what to bring, borrowing a chair, and the next taster sessions.`,
    path: "/come-and-try",
  });
};

// A refused sender is told when to try again (HTTP 429 with Retry-After).
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

// rules §2 Come and try, ADR 031: the page model (ADR 022).
export async function loader({ request }: Route.LoaderArgs) {
  return {
    ...(await comeAndTryPage()),
    sent: new URL(request.url).searchParams.get("sent") === "1",
  };
}

// rules §5 Come and try form: what the page accepts is its domain function (ADR 022).
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await submitComeAndTry({
    formData: await request.formData(),
    clientAddress: context.get(clientAddressContext),
  });
  if (submission.status === "sent") return redirect("/come-and-try?sent=1#enquiry-sent");
  if (submission.status === "rate-limited") {
    return data(
      { result: submission.reply },
      { status: 429, headers: { "Retry-After": String(submission.retryAfterSeconds) } },
    );
  }
  return data({ result: submission.reply }, { status: 400 });
}

const TEXT_SECTIONS = [
  { key: "what", kicker: "The game", title: "What is powerchair football?" },
  { key: "who", kicker: "Everyone welcome", title: "Who can play" },
  { key: "bring", kicker: "On the day", title: "What to bring" },
] as const;

export default function ComeAndTry({ loaderData, actionData }: Route.ComponentProps) {
  const { chairLoan, tasters, sent } = loaderData;
  return (
    <>
      <PageHero kicker="New players welcome" title="Come and try">
        <p>
          Never played? Come to a taster session, meet the squad and have a go. No experience
          needed.
        </p>
        <p className="mt-5">
          <a href="#enquiry-title" className="button-accent">
            Ask for a taster session
          </a>
        </p>
      </PageHero>

      <div className="bg-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-5 py-14 sm:px-8 sm:py-20 md:grid-cols-3">
          {TEXT_SECTIONS.map((section) => (
            <section key={section.key} aria-labelledby={`try-${section.key}`}>
              <p className="kicker text-club">{section.kicker}</p>
              <h2
                id={`try-${section.key}`}
                className="mt-2 font-display text-3xl font-extrabold uppercase leading-tight text-slate-900"
              >
                {section.title}
              </h2>
              <div
                className="prose-bio mt-4"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (domain/pages)
                dangerouslySetInnerHTML={{ __html: loaderData[section.key] }}
              />
            </section>
          ))}
        </div>
      </div>

      <section aria-labelledby="chair-title" className="bg-club text-club-contrast">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-5 py-12 sm:px-8 md:flex-row md:items-center md:gap-10">
          <div className="md:w-1/3">
            <p className="kicker text-accent">Borrowing a chair</p>
            <h2
              id="chair-title"
              className="mt-2 font-display text-3xl font-extrabold uppercase leading-tight"
            >
              {chairLoan.answer}
            </h2>
          </div>
          <p className="text-lg text-white/90 md:flex-1">{chairLoan.text}</p>
        </div>
      </section>

      <div className="bg-slate-100">
        <div className="mx-auto grid max-w-6xl gap-12 px-5 py-14 sm:px-8 sm:py-20 lg:grid-cols-[1fr_1.3fr]">
          <section aria-labelledby="tasters-title">
            <p className="kicker text-club">Next dates</p>
            <h2 id="tasters-title" className="section-title mt-2 text-slate-900">
              Taster sessions
            </h2>
            {tasters.length === 0 ? (
              <p className="mt-6 rounded-xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">
                No taster session is planned right now. Send us the form and we will invite you to
                the next one, or to a training night.
              </p>
            ) : (
              <ul className="mt-6 space-y-5">
                {tasters.map((event) => (
                  <li key={event.id}>
                    <EventCard event={event} />
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-6">
              <Link to="/events" className="font-semibold text-club underline underline-offset-4">
                The whole club calendar
              </Link>
            </p>
          </section>
          {sent ? <EnquirySent /> : <EnquiryForm lastResult={actionData?.result} />}
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
