import { MESSAGE_KEEP_MONTHS } from "../contact/rules.ts";

// The bundled privacy policy and terms as they were before the club could edit them (rules §2
// Privacy policy and Terms): the defaults loaded into an empty database (decisions 15), with
// the club's name, address and e-mail filled in. Generated once from the former page
// components; edited in the admin afterwards (Pages).

const e = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The club's facts the texts name: Club details' (ADR 013). */
export interface LegalFacts {
  name: string;
  email: string;
  address: { venue: string; street: string; locality: string; postcode: string; country: string };
}
type Facts = LegalFacts;

export function privacyPolicyDefault(club: Facts): string {
  const { venue, street, locality, postcode, country } = club.address;
  const address = [venue, street, `${locality} ${postcode}`.trim(), country]
    .filter((part) => part.trim() !== "")
    .join(", ");
  return `<p>${e(club.name)} ("the club", "we") runs this website. We respect your privacy and collect as little personal data as we can. This policy explains what we collect, why, how long we keep it, and the rights you have under the General Data Protection Regulation (GDPR) and Irish data protection law.</p>
<h2>Who is responsible for your data</h2>
<p>The data controller is ${e(club.name)}, ${e(address)}. You can reach us about anything in this policy at <a href="mailto:${e(club.email)}">${e(club.email)}</a>.</p>
<h2>What we collect and why</h2>
<h3>When you send us a message</h3>
<p>The contact form asks for your name, your e-mail address and your message. We store them in our database so the club's volunteers can read and answer your enquiry, and we may forward a copy to the club's e-mail inbox. Our legal basis is our legitimate interest in answering the people who contact us, and, where you ask about joining or sponsoring the club, taking steps at your request.</p>
<p>To protect the form from spam, we count how many messages are sent from each network connection. For this we keep a one-way, scrambled code made from your IP address (never the address itself) for one hour. The form also contains a hidden field that only automated programs fill in.</p>
<h3>When you subscribe to our e-mails</h3>
<p>If you ask for our e-mails (news, a weekly digest of fixtures and results, or match days), we store your e-mail address, the lists you chose and when you subscribed, confirmed or left. We first send one message with a link to confirm; nothing else is sent until you follow it, and an address that is never confirmed is erased after 48 hours. Every e-mail has a link to change what you receive and a one-click unsubscribe; after you unsubscribe we keep the address for 30 days, so a late message is not sent to you again, and then erase it. We use the address only to send what you chose, through our e-mail provider, and never share it. To limit abuse of the form we count requests per address and per network connection with one-way, scrambled codes kept for one hour.</p>
<h3>When you visit the site</h3>
<p>Our server records technical logs of requests (the page asked for, the time and whether it worked) to keep the site secure and working. These logs do not contain your IP address, what you type into forms, or cookies.</p>
<h3>Analytics, only with your consent</h3>
<p>If you choose Accept in the cookie banner, we use Google Analytics 4 to learn which pages are read and how visitors find us, so we can improve the site. Google Analytics sets cookies and receives information about your visit, such as the pages you view, your browser and device, and your approximate location. We do not use it for advertising. If you choose Decline, or make no choice, no analytics code is loaded and nothing is sent to Google. Our legal basis is your consent, which you can withdraw at any time.</p>
<h3>Videos and maps from other services</h3>
<p>The home page shows short videos from TikTok and the contact page a map from OpenStreetMap. They are only loaded when you press play or ask to see the map, or if you have accepted cookies. When they load, TikTok or the OpenStreetMap Foundation receives your IP address and information about your browser, and TikTok may set its own cookies. Their own privacy policies apply to that data.</p>
<h3>Club administrators</h3>
<p>Volunteers who manage the site sign in to a private area. For them we store their e-mail address, a securely scrambled password and a session cookie that keeps them signed in.</p>
<h2 id="cookies">Cookies and similar technologies</h2>
<ul><li><strong>cookieConsent</strong> (stored in your browser, not a cookie): remembers whether you accepted or declined optional cookies, so we do not ask again. It stays until you clear your browser's storage. Strictly necessary.</li>
<li><strong>clubsite_session</strong> (cookie, administrators only): keeps a signed-in administrator signed in for up to 30 days. Strictly necessary.</li>
<li><strong>Saved pages</strong> (stored in your browser, not cookies): copies of the public pages, pictures and site files you have opened, so they still open without a signal at a ground. They hold nothing about you; pages go after 14 days, pictures after 30, site files after 60, or when you clear your browser's storage. Strictly necessary.</li>
<li><strong>clubsite-unsaved-pages</strong> (stored in your browser for the open tab only): the pages of this visit still to be saved. It goes when you close the tab. Strictly necessary.</li>
<li><strong>clubsite.live-announcements</strong> (stored in your browser, not a cookie): remembers whether you turned off <em>Announce goals and half-time</em> on a live match's page (what a screen reader reads out). It stays until you clear your browser's storage. Strictly necessary.</li>
<li><strong>Outbox</strong> (stored in the browser, administrators only): changes an administrator makes without a signal, kept until they are sent. Strictly necessary.</li>
<li><strong>_ga and _ga_*</strong> (cookies, only after Accept): set by Google Analytics to tell visits apart, for up to two years. Optional.</li>
<li><strong>TikTok cookies</strong> (only after Accept or when you play a video): set by TikTok when its player loads. Optional.</li>
</ul>
<p>You can change your choice at any time with the Cookie Settings button at the bottom of every page. If you withdraw your consent we stop analytics at once and remove its cookies from this site.</p>
<h2>Who we share data with</h2>
<p>We never sell your data or use it for marketing. Your data is processed by the company that hosts our website and database, and by our e-mail provider when a message is forwarded or an e-mail you subscribed to is sent, both under contracts that require them to protect it. With your consent, Google receives analytics data as described above. Google and TikTok may process data outside the European Economic Area, under the safeguards the GDPR requires, such as the European Commission's standard contractual clauses.</p>
<h2>How long we keep it</h2>
<ul><li>Contact messages: until your enquiry has been dealt with, and no longer than ${MESSAGE_KEEP_MONTHS} months; older ones, and your name in the record of what our volunteers did with them, are erased automatically.</li>
<li>The spam-protection code made from your IP address: one hour.</li>
<li>E-mail subscriptions: until you unsubscribe, then 30 days; an address never confirmed, 48 hours.</li>
<li>Server logs: up to 30 days.</li>
<li>Analytics data: 14 months, Google Analytics' shortest standard setting.</li>
</ul>
<h2>Your rights</h2>
<p>You have the right to ask for a copy of your personal data, to have it corrected or deleted, to restrict or object to how we use it, to receive it in a portable form, and to withdraw your consent at any time. To use any of these rights, e-mail <a href="mailto:${e(club.email)}">${e(club.email)}</a>; we will answer within one month. If you are unhappy with how we handle your data, you can complain to the Data Protection Commission at <a href="https://www.dataprotection.ie">www.dataprotection.ie</a>.</p>
<h2>Children</h2>
<p>Many of our players are young people. The site does not ask for any information about them. If you are under 16, please ask a parent or guardian to contact us for you.</p>
<h2>Changes to this policy</h2>
<p>If we change how we use personal data, we will update this page and the date at the top. You can also read our <a href="/terms-conditions" data-discover="true">Terms &amp; Conditions</a>.</p>
`;
}

export function termsDefault(club: Facts): string {
  return `<p>These terms apply to your use of the website of ${e(club.name)} ("the club", "we"). By using the site you accept them. If you do not agree, please do not use the site.</p>
<h2>Using the site</h2>
<p>The site is here to share news about the club, our team, fixtures and results, and to let you get in touch with us. You may read, share and link to our pages for personal and non-commercial purposes. You must not misuse the site: do not try to break into it, disrupt it, or use it to send unlawful, abusive or unsolicited material.</p>
<h2>The contact form</h2>
<p>Please use the contact form for genuine enquiries. To keep it free of spam, it refuses messages that look automated and limits how many messages one connection can send in an hour. We may ignore or delete messages that are abusive, offensive or advertising. How we handle the personal data you send us is explained in our <a href="/privacy-policy" data-discover="true">Privacy Policy</a>.</p>
<h2>Our content</h2>
<p>The text, photos, crest and other material on the site belong to the club or to the people who allowed us to use them. You may not copy them for commercial use, or alter the club's name or crest, without our written permission. The names and logos of our sponsors, governing bodies and other teams belong to their owners.</p>
<h2>Fixtures, results and news</h2>
<p>We work hard to keep fixtures, results, the league table and news accurate and up to date, but dates, times and venues can change at short notice. Please check with the club before you travel to a match. Official results and standings are those published by the competition organisers.</p>
<h2>Other websites and embedded content</h2>
<p>The site links to other websites, such as our governing bodies, sponsors and social media, and can show videos and maps from other services. We are not responsible for their content or how they handle your data; their own terms and policies apply.</p>
<h2>Availability and liability</h2>
<p>We provide the site free of charge and as it is. We do not promise that it will always be available or free of errors, and we may change or withdraw any part of it. As far as the law allows, the club is not liable for any loss caused by using the site or relying on its content. Nothing in these terms limits any rights you have as a consumer that cannot be limited by law.</p>
<h2>Changes to these terms</h2>
<p>We may update these terms from time to time. The date at the top of this page shows when they last changed. The terms in force when you use the site apply.</p>
<h2>Law and contact</h2>
<p>These terms are governed by the laws of Ireland, and the courts of Ireland have jurisdiction over any dispute. Questions about them are welcome at <a href="mailto:${e(club.email)}">${e(club.email)}</a>.</p>
`;
}

/**
 * decisions 35: the legal texts a new club starts with: the texts above as a template, marked
 * as one at the top, with the facts the club has not entered yet and the country's law and
 * authority left as [bracketed] gaps to fill in. The dashboard reminds the club until it
 * saves each of them (rules §2 Privacy policy and Terms).
 */
const LEGAL_TEMPLATE_MARK = "Template to adapt";

const GAP = {
  address: "[the club's postal address]",
  email: "[the club's e-mail address]",
};

function templateFacts(club: Facts): Facts {
  const hasAddress = Object.values(club.address).some((part) => part.trim() !== "");
  return {
    name: club.name,
    email: club.email || GAP.email,
    address: hasAddress
      ? club.address
      : { venue: GAP.address, street: "", locality: "", postcode: "", country: "" },
  };
}

const templateNotice = (page: string) =>
  `<p><strong>${LEGAL_TEMPLATE_MARK}.</strong> This ${page} is a starting point, not advice: read it through, fill in every part in [square brackets], check it against the law of the country the club is in, and remove this paragraph. Save it under Pages in the admin.</p>\n`;

export function privacyPolicyTemplate(club: Facts): string {
  const facts = templateFacts(club);
  const text = privacyPolicyDefault(facts)
    .replace(
      "the General Data Protection Regulation (GDPR) and Irish data protection law",
      "[the data protection law that applies to the club, e.g. the General Data Protection Regulation (GDPR)]",
    )
    .replace(
      'you can complain to the Data Protection Commission at <a href="https://www.dataprotection.ie">www.dataprotection.ie</a>.',
      "you can complain to [the data protection authority of the club's country, with its web address].",
    );
  return templateNotice("privacy policy") + text;
}

export function termsTemplate(club: Facts): string {
  const text = termsDefault(templateFacts(club)).replace(
    "the laws of Ireland, and the courts of Ireland have",
    "the laws of [the club's country], and the courts of [the club's country] have",
  );
  return templateNotice("text") + text;
}
