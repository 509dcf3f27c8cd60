// The one registry of admin screens (ADR 020). Each screen under /admin is declared here once:
// its address and route module, its name, its place in the navigation and on the dashboard,
// the permission it needs, the field the outbox names a change by, its upload limit and where
// its uploads are used. The route table (app/routes.ts), the navigation, the dashboard, the
// outbox's labels, the body limits of the host, the media library's places and every
// permission check are derived from it; tests/integration/admin-guard.test.ts checks every
// route and method for every role against it.
//
// Pure: the browser (navigation, dashboard, outbox) and the server read the same module.

/** A volunteer's job on the committee (decisions 26); one person may have several. */
export const ROLES = [
  "administrator",
  "editor",
  "contributor",
  "results-secretary",
  "team-manager",
] as const;
export type Role = (typeof ROLES)[number];

/** The known roles of a stored list, in their order (an unknown name grants nothing). */
export function rolesOf(stored: readonly string[]): Role[] {
  return ROLES.filter((role) => stored.includes(role));
}

export const ROLE_LABELS: Record<Role, string> = {
  administrator: "Administrator",
  editor: "Editor",
  contributor: "Contributor",
  "results-secretary": "Results secretary",
  "team-manager": "Team manager",
};

/** "Editor, Team manager" (the Administrators screen, the command line's list). */
export function rolesText(roles: readonly Role[]): string {
  return roles.length > 0 ? roles.map((role) => ROLE_LABELS[role]).join(", ") : "No role";
}

/** What each role is for, in the words the invitation form and the README use. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  administrator: "Everything, including administrators and their roles, club details and import.",
  editor: "News, page texts, sponsors, photos, club events and e-mail subscribers.",
  contributor: "Writes news drafts and sends them to an Editor for review.",
  "results-secretary":
    "Fixtures, results, the league table, seasons, venues (with their access guides) and competitions.",
  "team-manager": "The team (people, bios, order) and season figures.",
};

/**
 * What a screen needs. `open` is anyone, signed in or not (signing in, the one-time links:
 * their token is the key); `signed-in` is any administrator, whatever their roles (the
 * dashboard, their own password, the upload endpoints that image fields share).
 */
export type Permission =
  | "open"
  | "signed-in"
  | "news"
  | "news-publish"
  | "pages"
  | "sponsors"
  | "media"
  | "fixtures"
  | "table"
  | "seasons"
  | "season-figures"
  | "venues"
  | "events"
  | "competitions"
  | "team"
  | "messages"
  | "subscribers"
  | "club"
  | "administrators"
  | "import";

/** rules §6 Roles: the permissions each role grants. An Administrator has every one. */
const GRANTS: Record<Exclude<Role, "administrator">, readonly Permission[]> = {
  editor: ["news", "news-publish", "pages", "sponsors", "media", "events", "subscribers"],
  // decisions 32: writes news drafts and sends them for review; never publishes.
  contributor: ["news"],
  "results-secretary": ["fixtures", "table", "seasons", "season-figures", "venues", "competitions"],
  "team-manager": ["team", "season-figures"],
};

/** rules §6 Roles: whether someone with these roles holds the permission. */
export function hasPermission(roles: readonly Role[], permission: Permission): boolean {
  if (permission === "open" || permission === "signed-in") return true;
  if (roles.includes("administrator")) return true;
  return roles.some((role) => role !== "administrator" && GRANTS[role].includes(permission));
}

export type UploadKind = "media" | "import";

export interface AdminScreen {
  /** The address, as in the route table (`:slug` for a segment). */
  path: string;
  /** The route module, relative to app/. */
  file: string;
  /** The screen's name: its title, and the 403 page's "You don't have access to …". */
  title: string;
  permission: Permission;
  /** In the admin navigation, under this label, in registry order. */
  nav?: string;
  /** On the dashboard: the card's heading and line, in registry order. */
  card?: { label: string; text: string };
  /** The field the outbox names a waiting change by (ADR 005). */
  labelField?: string;
  /**
   * A form that carries a file gets a body limit above the host's default: `media` a photo or
   * logo (ADR 017), `import` the old site's export (ADR 009). The host turns these into bytes.
   */
  upload?: UploadKind;
  /** The media library's name for the records this screen's uploads are shown on (ADR 017). */
  mediaPlace?: string;
  /** Routes without a page of their own (a form's endpoint, a JSON answer). */
  resource?: true;
}

const screens = {
  login: {
    path: "/admin/login",
    file: "routes/admin/login.tsx",
    title: "Log in",
    permission: "open",
  },
  "set-password": {
    path: "/admin/set-password/:token",
    file: "routes/admin/set-password.tsx",
    title: "Choose your password",
    permission: "open",
  },
  "forgot-password": {
    path: "/admin/forgot-password",
    file: "routes/admin/forgot-password.tsx",
    title: "Forgot password",
    permission: "open",
  },
  dashboard: {
    path: "/admin",
    file: "routes/admin/dashboard.tsx",
    title: "Dashboard",
    permission: "signed-in",
    nav: "Dashboard",
  },
  news: {
    path: "/admin/news",
    file: "routes/admin/news.tsx",
    title: "Manage News",
    permission: "news",
    nav: "News",
    card: { label: "Manage News", text: "Write, edit and remove news stories." },
    labelField: "title",
    upload: "media",
    mediaPlace: "News",
  },
  // A news item as the public will see it, and its preview links (ADR 034): an Editor any
  // item's, a Contributor their own (the route checks).
  "news-preview": {
    path: "/admin/news/:id/preview",
    file: "routes/admin/news-preview.tsx",
    title: "News preview",
    permission: "news",
  },
  // A news item's revisions: compare with the current text, restore one (ADR 034).
  "news-revisions": {
    path: "/admin/news/:id/revisions",
    file: "routes/admin/news-revisions.tsx",
    title: "News revisions",
    permission: "news",
  },
  // A draft saving itself while it is written (ADR 034), answered as JSON.
  "news-autosave": {
    path: "/admin/news/autosave",
    file: "routes/admin/news-autosave.ts",
    title: "News autosave",
    permission: "news",
    resource: true,
  },
  fixtures: {
    path: "/admin/fixtures",
    file: "routes/admin/fixtures.tsx",
    title: "Manage Fixtures",
    permission: "fixtures",
    nav: "Fixtures",
    card: { label: "Manage Fixtures", text: "Add fixtures and record results." },
    labelField: "opponent",
  },
  // Round days (ADR 035): a day at one venue with several matches, in one form.
  rounds: {
    path: "/admin/rounds",
    file: "routes/admin/rounds.tsx",
    title: "Rounds",
    permission: "fixtures",
    nav: "Rounds",
    card: { label: "Rounds", text: "Round days: one venue, several matches, one form." },
    labelField: "name",
  },
  // ADR 036: scoring today's matches from the touchline, event by event (rules §2 Live scoring).
  live: {
    path: "/admin/live",
    file: "routes/admin/live.tsx",
    title: "Live scoring",
    permission: "fixtures",
    nav: "Live",
    card: {
      label: "Live scoring",
      text: "Score today's matches from the touchline, as they happen.",
    },
    labelField: "label",
  },
  table: {
    path: "/admin/table",
    file: "routes/admin/table.tsx",
    title: "Manage League Table",
    permission: "table",
    nav: "Table",
    card: { label: "Manage Table", text: "Keep the league table up to date." },
    labelField: "team",
    upload: "media",
    mediaPlace: "League table",
  },
  team: {
    path: "/admin/team",
    file: "routes/admin/team.tsx",
    title: "Manage Team",
    permission: "team",
    nav: "Team",
    card: { label: "Manage Team", text: "Players, coaches and their profiles." },
    labelField: "name",
    upload: "media",
    mediaPlace: "Team",
  },
  seasons: {
    path: "/admin/seasons",
    file: "routes/admin/seasons.tsx",
    title: "Seasons",
    permission: "seasons",
    nav: "Seasons",
    card: {
      label: "Seasons",
      text: "Start a new season, unlock an archived one, and check unmatched scorers.",
    },
    labelField: "label",
  },
  "season-figures": {
    path: "/admin/seasons/:slug",
    file: "routes/admin/season-figures.tsx",
    title: "Player figures",
    permission: "season-figures",
  },
  messages: {
    path: "/admin/messages",
    file: "routes/admin/messages.tsx",
    title: "Messages",
    permission: "messages",
    nav: "Messages",
    card: { label: "Messages", text: "Messages from the contact form." },
    labelField: "name",
  },
  // The supporters who follow the club by e-mail (rules §2 Subscribers, ADR 032).
  subscribers: {
    path: "/admin/subscribers",
    file: "routes/admin/subscribers.tsx",
    title: "Subscribers",
    permission: "subscribers",
    nav: "Subscribers",
    card: {
      label: "Subscribers",
      text: "Who follows the club by e-mail: counts, export, removal and a test digest.",
    },
  },
  "subscribers-export": {
    path: "/admin/subscribers/export",
    file: "routes/admin/subscribers-export.ts",
    title: "Subscribers export",
    permission: "subscribers",
    resource: true,
  },
  club: {
    path: "/admin/club",
    file: "routes/admin/club.tsx",
    title: "Club details",
    permission: "club",
    nav: "Club",
    card: {
      label: "Club details",
      text: "Name, colours, contacts, social links and governing bodies.",
    },
    labelField: "shortName",
    upload: "media",
    mediaPlace: "Club details",
  },
  sponsors: {
    path: "/admin/sponsors",
    file: "routes/admin/sponsors.tsx",
    title: "Sponsors",
    permission: "sponsors",
    nav: "Sponsors",
    card: { label: "Sponsors", text: "Sponsors by tier, their logos and links." },
    labelField: "name",
    upload: "media",
    mediaPlace: "Sponsors",
  },
  media: {
    path: "/admin/media",
    file: "routes/admin/media.tsx",
    title: "Photos and logos",
    permission: "media",
    nav: "Photos",
    card: {
      label: "Photos and logos",
      text: "Every uploaded photo and logo, where it is used, and the storage they take.",
    },
    upload: "media",
  },
  // One upload answered as JSON (the bio editor's pictures), and earlier uploads for an image
  // field's "Choose from library": shared by every screen with an image field.
  "media-upload": {
    path: "/admin/media/upload",
    file: "routes/admin/media-upload.ts",
    title: "Upload a photo",
    permission: "signed-in",
    upload: "media",
    resource: true,
  },
  "media-choices": {
    path: "/admin/media/choices",
    file: "routes/admin/media-choices.ts",
    title: "Photo library",
    permission: "signed-in",
    resource: true,
  },
  venues: {
    path: "/admin/venues",
    file: "routes/admin/venues.tsx",
    title: "Venues",
    permission: "venues",
    nav: "Venues",
    card: { label: "Venues", text: "The places fixtures are played, and their access guides." },
    labelField: "name",
  },
  // A venue's access guide (ADR 031): the venue's own screen, for whoever keeps the venues.
  "venue-access": {
    path: "/admin/venues/:id/access",
    file: "routes/admin/venue-access.tsx",
    title: "Access guide",
    permission: "venues",
    upload: "media",
    mediaPlace: "Venue access guides",
  },
  // The club's events (ADR 031): training, taster sessions, fundraisers, the AGM.
  events: {
    path: "/admin/events",
    file: "routes/admin/events.tsx",
    title: "Club events",
    permission: "events",
    nav: "Events",
    card: {
      label: "Club events",
      text: "Training, taster sessions, fundraisers and the AGM, on the club calendar.",
    },
    labelField: "title",
  },
  competitions: {
    path: "/admin/competitions",
    file: "routes/admin/competitions.tsx",
    title: "Competitions",
    permission: "competitions",
    nav: "Competitions",
    card: { label: "Competitions", text: "Leagues, cups and other match types." },
    labelField: "name",
  },
  pages: {
    path: "/admin/pages",
    file: "routes/admin/pages.tsx",
    title: "Pages",
    permission: "pages",
    nav: "Pages",
    card: {
      label: "Pages",
      text: "About, the home page's welcome, Come and try, the privacy policy and the terms.",
    },
    mediaPlace: "Pages",
  },
  "pages-preview": {
    path: "/admin/pages/preview",
    file: "routes/admin/pages-preview.tsx",
    title: "Preview",
    permission: "pages",
  },
  import: {
    path: "/admin/import",
    file: "routes/admin/import.tsx",
    title: "Import from the old site",
    permission: "import",
    card: {
      label: "Import from the old site",
      text: "Check and import the old site's export file.",
    },
    upload: "import",
  },
  administrators: {
    path: "/admin/administrators",
    file: "routes/admin/administrators.tsx",
    title: "Administrators",
    permission: "administrators",
    nav: "Administrators",
    card: {
      label: "Administrators",
      text: "Invite or remove administrators and choose what each may do.",
    },
    labelField: "email",
  },
  "administrator-invite": {
    path: "/admin/administrators/new",
    file: "routes/admin/administrator-invite.tsx",
    title: "Add an administrator",
    permission: "administrators",
  },
  // Who changed what (ADR 021): everyone sees their own; Administrators everyone's.
  activity: {
    path: "/admin/activity",
    file: "routes/admin/activity.tsx",
    title: "Activity",
    permission: "signed-in",
    nav: "Activity",
    card: { label: "Activity", text: "Who changed what, and when." },
  },
  password: {
    path: "/admin/password",
    file: "routes/admin/password.tsx",
    title: "Change your password",
    permission: "signed-in",
  },
  logout: {
    path: "/admin/logout",
    file: "routes/admin/logout.tsx",
    title: "Sign out",
    permission: "signed-in",
    resource: true,
  },
  // Any other address under /admin: the admin's not-found page, for the signed in.
  "not-found": {
    path: "/admin/*",
    file: "routes/admin/not-found.tsx",
    title: "Page not found",
    permission: "signed-in",
  },
} satisfies Record<string, AdminScreen>;

export type AdminScreenKey = keyof typeof screens;

export const ADMIN_SCREENS = screens;

const ALL_SCREENS: Readonly<Record<string, AdminScreen>> = screens;

/** The screens whose uploads the media library shows, keyed for media/places.server.ts. */
export type MediaPlaceScreenKey = {
  [K in AdminScreenKey]: (typeof screens)[K] extends { mediaPlace: string } ? K : never;
}[AdminScreenKey];

/** The navigation for someone with these roles (rules §6: only what they may do). */
export function navigationFor(
  roles: readonly Role[],
  registry: Readonly<Record<string, AdminScreen>> = ALL_SCREENS,
): { to: string; label: string; end: boolean }[] {
  return Object.values(registry).flatMap((screen) =>
    screen.nav && hasPermission(roles, screen.permission)
      ? [{ to: screen.path, label: screen.nav, end: screen.path === "/admin" }]
      : [],
  );
}

/** The dashboard's cards for someone with these roles (rules §2 Admin dashboard, §6). */
export function dashboardCardsFor(
  roles: readonly Role[],
  registry: Readonly<Record<string, AdminScreen>> = ALL_SCREENS,
): { to: string; label: string; text: string }[] {
  return Object.values(registry).flatMap((screen) =>
    screen.card && hasPermission(roles, screen.permission)
      ? [{ to: screen.path, label: screen.card.label, text: screen.card.text }]
      : [],
  );
}

/** Matches a route path with `:param` segments against a request's path. */
function matchesPath(pattern: string, pathname: string): boolean {
  const a = pattern.split("/");
  const b = pathname.replace(/\/+$/, "").split("/");
  if (a.at(-1) === "*") return b.length >= a.length && a.slice(0, -1).every((p, i) => p === b[i]);
  return a.length === b.length && a.every((part, i) => part.startsWith(":") || part === b[i]);
}

/**
 * The screen an address belongs to ('/admin/news?page=2', '/admin/news.data' → news), or
 * undefined. A client-side request for a screen's data ends in `.data` (single fetch).
 */
export function screenForPath(
  path: string,
  registry: Readonly<Record<string, AdminScreen>> = ALL_SCREENS,
): AdminScreen | undefined {
  const pathname = new URL(path, "http://x").pathname.toLowerCase().replace(/\.data$/, "");
  const screens = Object.values(registry);
  // An address of its own wins over the catch-all.
  return (
    screens.find((screen) => !screen.path.endsWith("*") && matchesPath(screen.path, pathname)) ??
    screens.find((screen) => matchesPath(screen.path, pathname))
  );
}

/** The label field of the screen an action path belongs to ('/admin/news?page=2' → 'title'). */
export function labelFieldFor(action: string): string | undefined {
  return screenForPath(action)?.labelField;
}

/** The body limits above the host's default: each upload screen's address and its limit. */
export function uploadLimits(
  bytes: Record<UploadKind, number>,
): { path: string; limitBytes: number }[] {
  return Object.values(ALL_SCREENS).flatMap((screen) =>
    screen.upload ? [{ path: screen.path, limitBytes: bytes[screen.upload] }] : [],
  );
}

/** rules §6 Roles: the words of the 403 page. */
export function noAccessMessage(title: string): string {
  return `You don't have access to ${title}. Ask an Administrator.`;
}
