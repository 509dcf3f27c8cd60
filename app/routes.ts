import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

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
    route("news", "routes/site/news.tsx"),
    route("news/:id", "routes/site/news-detail.tsx"),
    route("sponsors", "routes/site/sponsors.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("privacy-policy", "routes/site/privacy-policy.tsx"),
    route("terms-conditions", "routes/site/terms-conditions.tsx"),
    // Any other address: the not-found page, with the layout, HTTP 404.
    route("*", "routes/site/not-found.tsx"),
  ]),
  // The web app manifest, made from the club's configuration (rules §10 Metadata).
  route("manifest.webmanifest", "routes/feeds/manifest.ts"),
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

  // Admin routes (rules §2 Admin routes). Login is open to everyone; the layout is the guard.
  route("admin/login", "routes/admin/login.tsx"),
  // An administrator's one-time links (invitation, Forgot password): open, the link is the key.
  route("admin/set-password/:token", "routes/admin/set-password.tsx"),
  route("admin/forgot-password", "routes/admin/forgot-password.tsx"),
  // One upload answered as JSON (the bio editor's pictures; ADR 017).
  route("admin/media/upload", "routes/admin/media-upload.ts"),
  // Earlier uploads for an image field's "Choose from library", as JSON (ADR 017).
  route("admin/media/choices", "routes/admin/media-choices.ts"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard.tsx"),
    route("admin/team", "routes/admin/team.tsx"),
    route("admin/fixtures", "routes/admin/fixtures.tsx"),
    route("admin/table", "routes/admin/table.tsx"),
    route("admin/seasons", "routes/admin/seasons.tsx"),
    route("admin/seasons/:slug", "routes/admin/season-figures.tsx"),
    route("admin/news", "routes/admin/news.tsx"),
    route("admin/messages", "routes/admin/messages.tsx"),
    route("admin/venues", "routes/admin/venues.tsx"),
    route("admin/competitions", "routes/admin/competitions.tsx"),
    route("admin/import", "routes/admin/import.tsx"),
    route("admin/administrators", "routes/admin/administrators.tsx"),
    route("admin/administrators/new", "routes/admin/administrator-invite.tsx"),
    route("admin/password", "routes/admin/password.tsx"),
    route("admin/pages", "routes/admin/pages.tsx"),
    route("admin/pages/preview", "routes/admin/pages-preview.tsx"),
    route("admin/club", "routes/admin/club.tsx"),
    route("admin/sponsors", "routes/admin/sponsors.tsx"),
    route("admin/media", "routes/admin/media.tsx"),
    // ADR 021: who changed what.
    route("admin/activity", "routes/admin/activity.tsx"),
    route("admin/logout", "routes/admin/logout.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
] satisfies RouteConfig;
