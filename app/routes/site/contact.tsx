import { lazy } from "react";
import { data, redirect } from "react-router";
import { Confirmation } from "../../components/site/contact/confirmation.tsx";
import { ContactForm } from "../../components/site/contact/contact-form.tsx";
import { FindUsMap } from "../../components/site/find-us-map.tsx";
import { KeptPart } from "../../components/site/kept-html.tsx";
import { PageHero } from "../../components/site/page-hero.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { submitContact } from "../../domain/contact/submit-contact.server.ts";
import { clientAddressContext } from "../../request-context.server.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => {
  const club = clubFromMatches(matches);
  return pageMeta({
    club,
    title: "Contact",
    description: club.address.venue
      ? `Get in touch with ${club.name}: e-mail, phone, the contact form, and how to find us at the ${club.address.venue}.`
      : `Get in touch with ${club.name}: e-mail, phone and the contact form.`,
    path: "/contact",
  });
};

// A refused sender is told when to try again (HTTP 429 with Retry-After).
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

// rules §5 Contact form: what the page accepts is its domain function (ADR 022).
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await submitContact({
    formData: await request.formData(),
    clientAddress: context.get(clientAddressContext),
  });
  if (submission.status === "sent") return redirect("/contact?sent=1#message-sent");
  if (submission.status === "rate-limited") {
    return data(
      { result: submission.reply },
      { status: 429, headers: { "Retry-After": String(submission.retryAfterSeconds) } },
    );
  }
  return data({ result: submission.reply }, { status: 400 });
}

// ADR 044: the club's contacts only show: kept as the server's HTML, their code loaded only when
// a visitor comes here by a link within the site.
const ContactDetails = lazy(() =>
  import("../../components/site/contact/contact-details.tsx").then((m) => ({
    default: m.ContactDetails,
  })),
);

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero kicker="Get in touch" title="Contact Us">
        <p>
          Questions about playing, volunteering, sponsorship or a match? Send us a message and a
          club volunteer will get back to you.
        </p>
      </PageHero>

      <div className="bg-white">
        <div className="mx-auto grid max-w-6xl gap-12 px-5 py-16 sm:px-8 sm:py-20 lg:grid-cols-[1fr_1.5fr] lg:gap-16">
          <KeptPart name="contact-details" content={<ContactDetails />} />
          {loaderData.sent ? <Confirmation /> : <ContactForm lastResult={actionData?.result} />}
        </div>
      </div>

      <FindUsMap />
    </>
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
