import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { ADMIN_SCREENS, type AdminScreen } from "./domain/admin/screens.ts";

const adminScreens = Object.values(ADMIN_SCREENS);
const adminRoute = (screen: AdminScreen) => route(screen.path.slice(1), screen.file);

// The route table, written by hand; it mirrors rules §2 (Public routes, Admin routes);
// the files for machines (feeds, sitemap, manifest) are in rules §10.
export default [
  // Public routes (rules §2 Public routes), under the layout with the header and footer.
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("about", "routes/site/about.tsx"),
    route("team", "routes/site/team.tsx"),
    route("team/:slug", "routes/site/player.tsx"),
    route("fixtures", "routes/site/fixtures.tsx"),
    // ADR 035: a round day's page, its matches in kick-off order.
    route("fixtures/rounds/:slug", "routes/site/round.tsx"),
    // A match's own page, live while it is played (ADR 036, rules §2 Match page).
    route("fixtures/:id", "routes/site/match.tsx"),
    route("news", "routes/site/news.tsx"),
    route("news/:id", "routes/site/news-detail.tsx"),
    // ADR 034: a preview link of an unpublished item (never cached, never indexed).
    route("news/preview/:token", "routes/site/news-preview.tsx"),
    route("sponsors", "routes/site/sponsors.tsx"),
    route("contact", "routes/site/contact.tsx"),
    // ADR 031: venue pages with their access guides, the club calendar, Come and try.
    route("venues/:slug", "routes/site/venue.tsx"),
    route("events", "routes/site/events.tsx"),
    route("come-and-try", "routes/site/come-and-try.tsx"),
    // Following by e-mail (rules §2 Following by e-mail): shown only when SMTP_URL is set.
    route("subscribe", "routes/site/subscribe.tsx"),
    route("subscribe/confirm/:token", "routes/site/subscribe-confirm.tsx"),
    route("subscribe/preferences/:key", "routes/site/subscribe-preferences.tsx"),
    route("subscribe/unsubscribe/:key", "routes/site/subscribe-unsubscribe.tsx"),
    route("privacy-policy", "routes/site/privacy-policy.tsx"),
    route("terms-conditions", "routes/site/terms-conditions.tsx"),
    // Any other address: the not-found page, with the layout, HTTP 404.
    route("*", "routes/site/not-found.tsx"),
  ]),
  // The web app manifest, made from the club's configuration (rules §10 Metadata).
  route("manifest.webmanifest", "routes/feeds/manifest.ts"),
  // The icons made from the club's crest (ADR 037): favicons, the phone and manifest icons.
  route("brand/:file", "routes/feeds/brand-icon.ts"),
  // The fixtures calendar (rules §10 Feeds): the whole feed, and one fixture's 'Add to calendar'.
  route("fixtures/calendar.ics", "routes/feeds/fixtures-calendar.ts"),
  route("fixtures/:id/calendar.ics", "routes/feeds/fixture-calendar.ts"),
  // One match-centre tab's content, fetched by /fixtures for the tabs it did not send (ADR 008).
  route("fixtures/tab/:tab", "routes/feeds/match-centre-tab.ts"),
  // The news feed, the sitemap and robots.txt (rules §10 Feeds). A fixed segment outranks
  // news/:id, so the feed's address is never read as a news item.
  route("news/rss.xml", "routes/feeds/news-rss.ts"),
  route("sitemap.xml", "routes/feeds/sitemap.ts"),
  route("robots.txt", "routes/feeds/robots.ts"),

  // Admin routes (rules §2 Admin routes, §6 Roles): every one is declared once in the registry
  // of admin screens (ADR 020). The open ones (signing in, the one-time links) stand alone;
  // the others sit under the layout, the admin's frame.
  ...adminScreens.filter((screen) => screen.permission === "open").map(adminRoute),
  layout(
    "routes/admin/layout.tsx",
    adminScreens.filter((screen) => screen.permission !== "open").map(adminRoute),
  ),
] satisfies RouteConfig;
