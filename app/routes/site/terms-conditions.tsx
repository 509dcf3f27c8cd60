import { Link } from "react-router";
import { LegalPage } from "../../components/site/legal-page.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import type { Route } from "./+types/terms-conditions";

export const meta: Route.MetaFunction = ({ matches }) => {
  const club = clubFromMatches(matches);
  return pageMeta({
    club,
    title: "Terms & Conditions",
    description: `The terms for using the website of ${club.name}.`,
    path: "/terms-conditions",
  });
};

export default function TermsConditions() {
  const club = useClub();
  return (
    <LegalPage title="Terms & Conditions">
      <p>
        These terms apply to your use of the website of {club.name} ("the club", "we"). By using the
        site you accept them. If you do not agree, please do not use the site.
      </p>

      <h2>Using the site</h2>
      <p>
        The site is here to share news about the club, our team, fixtures and results, and to let
        you get in touch with us. You may read, share and link to our pages for personal and
        non-commercial purposes. You must not misuse the site: do not try to break into it, disrupt
        it, or use it to send unlawful, abusive or unsolicited material.
      </p>

      <h2>The contact form</h2>
      <p>
        Please use the contact form for genuine enquiries. To keep it free of spam, it refuses
        messages that look automated and limits how many messages one connection can send in an
        hour. We may ignore or delete messages that are abusive, offensive or advertising. How we
        handle the personal data you send us is explained in our{" "}
        <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>

      <h2>Our content</h2>
      <p>
        The text, photos, crest and other material on the site belong to the club or to the people
        who allowed us to use them. You may not copy them for commercial use, or alter the club's
        name or crest, without our written permission. The names and logos of our sponsors,
        governing bodies and other teams belong to their owners.
      </p>

      <h2>Fixtures, results and news</h2>
      <p>
        We work hard to keep fixtures, results, the league table and news accurate and up to date,
        but dates, times and venues can change at short notice. Please check with the club before
        you travel to a match. Official results and standings are those published by the competition
        organisers.
      </p>

      <h2>Other websites and embedded content</h2>
      <p>
        The site links to other websites, such as our governing bodies, sponsors and social media,
        and can show videos and maps from other services. We are not responsible for their content
        or how they handle your data; their own terms and policies apply.
      </p>

      <h2>Availability and liability</h2>
      <p>
        We provide the site free of charge and as it is. We do not promise that it will always be
        available or free of errors, and we may change or withdraw any part of it. As far as the law
        allows, the club is not liable for any loss caused by using the site or relying on its
        content. Nothing in these terms limits any rights you have as a consumer that cannot be
        limited by law.
      </p>

      <h2>Changes to these terms</h2>
      <p>
        We may update these terms from time to time. The date at the top of this page shows when
        they last changed. The terms in force when you use the site apply.
      </p>

      <h2>Law and contact</h2>
      <p>
        These terms are governed by the laws of Ireland, and the courts of Ireland have jurisdiction
        over any dispute. Questions about them are welcome at{" "}
        <a href={`mailto:${club.email}`}>{club.email}</a>.
      </p>
    </LegalPage>
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
