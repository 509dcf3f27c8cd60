// The supporters' e-mails (rules §2 Following by e-mail, ADR 032): every one has a plain-text
// part and an accessible HTML part (real headings, alt text, 16 px text at least, readable in
// dark mode, the club's colours), the one-click unsubscribe headers (RFC 8058), a link to
// change what is received, and the club's postal address. Pure: the links and the club's
// details are passed.

export interface MailClub {
  name: string;
  shortName: string;
  /** ADR 013: white text reads on the primary colour (Club details checks 4.5:1). */
  colours: { primary: string; accent: string };
  address: { venue: string; street: string; locality: string; postcode: string; country: string };
}

interface MailSection {
  heading: string;
  lines: string[];
}

/** What one e-mail says, before it is dressed as text and HTML. */
export interface MailBody {
  subject: string;
  heading: string;
  /** Paragraphs under the heading. */
  paragraphs: string[];
  image?: { src: string; alt: string };
  sections?: MailSection[];
  /** The one thing to do (read the item, confirm). */
  action?: { label: string; url: string };
}

/** Where this subscriber changes their lists and leaves (their manage key's links). */
export interface SubscriberLinks {
  preferences: string;
  unsubscribe: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const escapeHtml = (value: string) =>
  value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");

/** A header never carries a line break from stored text. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

/** Only a colour as Club details stores it (#rrggbb) reaches the style attributes. */
const colour = (value: string, fallback: string) =>
  /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;

const postalAddress = (club: MailClub): string =>
  [
    club.name,
    club.address.venue,
    club.address.street,
    club.address.locality,
    club.address.postcode,
    club.address.country,
  ]
    .filter((part) => part.trim() !== "")
    .join(", ");

/**
 * rules §2 Following by e-mail: one e-mail in both parts. `links` is null for the
 * confirmation (the address has not joined any list yet: nothing to unsubscribe from).
 */
export function renderMail({
  body,
  club,
  links,
}: {
  body: MailBody;
  club: MailClub;
  links: SubscriberLinks | null;
}): RenderedMail {
  const footerText = links
    ? [
        `You receive this because you subscribed to e-mails from ${club.name}.`,
        `Change what you receive: ${links.preferences}`,
        `Unsubscribe: ${links.unsubscribe}`,
      ]
    : [`You receive this because this address was given on the website of ${club.name}.`];
  const text = [
    body.heading,
    "",
    ...body.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(body.image ? [`[Photo: ${body.image.alt}]`, ""] : []),
    ...(body.sections ?? []).flatMap((section) => [
      section.heading,
      ...section.lines.map((line) => `- ${line}`),
      "",
    ]),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ""] : []),
    "--",
    ...footerText,
    postalAddress(club),
  ].join("\n");

  const primary = colour(club.colours.primary, "#0b3d5c");
  const onPrimary = "#ffffff";
  const accent = colour(club.colours.accent, "#f2b233");
  const p = (content: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${content}</p>`;
  const link = (label: string, url: string) =>
    `<a href="${escapeHtml(url)}" style="color:${primary};text-decoration:underline">${escapeHtml(label)}</a>`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(body.subject)}</title>
<style>
@media (prefers-color-scheme: dark) {
  .page, .card { background: #10161c !important; color: #f2f5f8 !important; }
  .card a { color: ${accent} !important; }
  .muted { color: #c9d2da !important; }
}
</style>
</head>
<body class="page" style="margin:0;padding:0;background:#f2f5f8;color:#1b2630;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<div role="article" aria-roledescription="email" aria-label="${escapeHtml(body.subject)}" lang="en">
<div style="background:${primary};color:${onPrimary};padding:16px 24px;font-size:18px;font-weight:bold">${escapeHtml(club.name)}</div>
<div class="card" style="max-width:600px;margin:0 auto;background:#ffffff;color:#1b2630;padding:24px;border-top:6px solid ${accent}">
<h1 style="margin:0 0 16px;font-size:26px;line-height:1.25">${escapeHtml(body.heading)}</h1>
${body.paragraphs.map((paragraph) => p(escapeHtml(paragraph).replaceAll("\n", "<br>"))).join("\n")}
${body.image ? `<img src="${escapeHtml(body.image.src)}" alt="${escapeHtml(body.image.alt)}" width="552" style="display:block;max-width:100%;height:auto;margin:0 0 16px">` : ""}
${(body.sections ?? [])
  .map(
    (section) =>
      `<h2 style="margin:24px 0 8px;font-size:20px">${escapeHtml(section.heading)}</h2>\n<ul style="margin:0 0 16px;padding-left:24px;font-size:16px">${section.lines
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join("")}</ul>`,
  )
  .join("\n")}
${body.action ? p(`<a href="${escapeHtml(body.action.url)}" style="display:inline-block;background:${primary};color:${onPrimary};padding:12px 20px;border-radius:6px;font-weight:bold;text-decoration:none">${escapeHtml(body.action.label)}</a>`) : ""}
<hr style="border:0;border-top:1px solid #c9d2da;margin:24px 0">
<div class="muted" style="font-size:16px;color:#44525e">
${
  links
    ? `${p(`You receive this because you subscribed to e-mails from ${escapeHtml(club.name)}.`)}\n${p(`${link("Change what you receive", links.preferences)} · ${link("Unsubscribe", links.unsubscribe)}`)}`
    : p(
        `You receive this because this address was given on the website of ${escapeHtml(club.name)}.`,
      )
}
${p(escapeHtml(postalAddress(club)))}
</div>
</div>
</div>
</body>
</html>`;
  const headers: Record<string, string> = links
    ? {
        // RFC 8058: a POST to this address unsubscribes, with no further step.
        "List-Unsubscribe": `<${links.unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      }
    : {};
  return { subject: oneLine(body.subject), text, html, headers };
}
