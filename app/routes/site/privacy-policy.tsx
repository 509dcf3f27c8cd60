import { Link } from "react-router";
import { LegalPage } from "../../components/site/legal-page.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import { CONSENT_KEY } from "../../domain/site/consent.ts";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const club = clubFromMatches(matches);
  return pageMeta({
    club,
    title: "Privacy Policy",
    description: `How ${club.name} handles your personal data: contact messages, cookies, analytics with your consent, and your rights.`,
    path: "/privacy-policy",
  });
};

export default function PrivacyPolicy() {
  const club = useClub();
  const { address } = club;
  return (
    <LegalPage title="Privacy Policy">
      <p>
        {club.name} ("the club", "we") runs this website. We respect your privacy and collect as
        little personal data as we can. This policy explains what we collect, why, how long we keep
        it, and the rights you have under the General Data Protection Regulation (GDPR) and Irish
        data protection law.
      </p>

      <h2>Who is responsible for your data</h2>
      <p>
        The data controller is {club.name}, {address.venue}, {address.street}, {address.locality}{" "}
        {address.postcode}, {address.country}. You can reach us about anything in this policy at{" "}
        <a href={`mailto:${club.email}`}>{club.email}</a>.
      </p>

      <h2>What we collect and why</h2>
      <h3>When you send us a message</h3>
      <p>
        The contact form asks for your name, your e-mail address and your message. We store them in
        our database so the club's volunteers can read and answer your enquiry, and we may forward a
        copy to the club's e-mail inbox. Our legal basis is our legitimate interest in answering the
        people who contact us, and, where you ask about joining or sponsoring the club, taking steps
        at your request.
      </p>
      <p>
        To protect the form from spam, we count how many messages are sent from each network
        connection. For this we keep a one-way, scrambled code made from your IP address (never the
        address itself) for one hour. The form also contains a hidden field that only automated
        programs fill in.
      </p>
      <h3>When you visit the site</h3>
      <p>
        Our server records technical logs of requests (the page asked for, the time and whether it
        worked) to keep the site secure and working. These logs do not contain your IP address, what
        you type into forms, or cookies.
      </p>
      <h3>Analytics, only with your consent</h3>
      <p>
        If you choose Accept in the cookie banner, we use Google Analytics 4 to learn which pages
        are read and how visitors find us, so we can improve the site. Google Analytics sets cookies
        and receives information about your visit, such as the pages you view, your browser and
        device, and your approximate location. We do not use it for advertising. If you choose
        Decline, or make no choice, no analytics code is loaded and nothing is sent to Google. Our
        legal basis is your consent, which you can withdraw at any time.
      </p>
      <h3>Videos and maps from other services</h3>
      <p>
        The home page shows short videos from TikTok and the contact page a map from OpenStreetMap.
        They are only loaded when you press play or ask to see the map, or if you have accepted
        cookies. When they load, TikTok or the OpenStreetMap Foundation receives your IP address and
        information about your browser, and TikTok may set its own cookies. Their own privacy
        policies apply to that data.
      </p>
      <h3>Club administrators</h3>
      <p>
        Volunteers who manage the site sign in to a private area. For them we store their e-mail
        address, a securely scrambled password and a session cookie that keeps them signed in.
      </p>

      <h2 id="cookies">Cookies and similar technologies</h2>
      <ul>
        <li>
          <strong>{CONSENT_KEY}</strong> (stored in your browser, not a cookie): remembers whether
          you accepted or declined optional cookies, so we do not ask again. It stays until you
          clear your browser's storage. Strictly necessary.
        </li>
        <li>
          <strong>clubsite_session</strong> (cookie, administrators only): keeps a signed-in
          administrator signed in for up to 30 days. Strictly necessary.
        </li>
        <li>
          <strong>_ga and _ga_*</strong> (cookies, only after Accept): set by Google Analytics to
          tell visits apart, for up to two years. Optional.
        </li>
        <li>
          <strong>TikTok cookies</strong> (only after Accept or when you play a video): set by
          TikTok when its player loads. Optional.
        </li>
      </ul>
      <p>
        You can change your choice at any time with the Cookie Settings button at the bottom of
        every page. If you withdraw your consent we stop analytics at once and remove its cookies
        from this site.
      </p>

      <h2>Who we share data with</h2>
      <p>
        We never sell your data or use it for marketing. Your data is processed by the company that
        hosts our website and database, and by our e-mail provider when a message is forwarded, both
        under contracts that require them to protect it. With your consent, Google receives
        analytics data as described above. Google and TikTok may process data outside the European
        Economic Area, under the safeguards the GDPR requires, such as the European Commission's
        standard contractual clauses.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          Contact messages: until your enquiry has been dealt with, and no longer than 12 months.
        </li>
        <li>The spam-protection code made from your IP address: one hour.</li>
        <li>Server logs: up to 30 days.</li>
        <li>Analytics data: 14 months, Google Analytics' shortest standard setting.</li>
      </ul>

      <h2>Your rights</h2>
      <p>
        You have the right to ask for a copy of your personal data, to have it corrected or deleted,
        to restrict or object to how we use it, to receive it in a portable form, and to withdraw
        your consent at any time. To use any of these rights, e-mail{" "}
        <a href={`mailto:${club.email}`}>{club.email}</a>; we will answer within one month. If you
        are unhappy with how we handle your data, you can complain to the Data Protection Commission
        at <a href="https://www.dataprotection.ie">www.dataprotection.ie</a>.
      </p>

      <h2>Children</h2>
      <p>
        Many of our players are young people. The site does not ask for any information about them.
        If you are under 16, please ask a parent or guardian to contact us for you.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        If we change how we use personal data, we will update this page and the date at the top. You
        can also read our <Link to="/terms-conditions">Terms &amp; Conditions</Link>.
      </p>
    </LegalPage>
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
