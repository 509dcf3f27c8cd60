// Every admin screen built on the admin resource module (ADR 005), and the field that names
// one of its records. The outbox names a waiting change with it ("Update: “Cup draw”")
// instead of guessing from whatever fields a form happens to have.

const ADMIN_RESOURCES = {
  news: { path: "/admin/news", labelField: "title" },
  team: { path: "/admin/team", labelField: "name" },
  fixtures: { path: "/admin/fixtures", labelField: "opponent" },
  table: { path: "/admin/table", labelField: "team" },
  messages: { path: "/admin/messages", labelField: "name" },
  administrators: { path: "/admin/administrators", labelField: "email" },
  club: { path: "/admin/club", labelField: "shortName" },
  sponsors: { path: "/admin/sponsors", labelField: "name" },
  venues: { path: "/admin/venues", labelField: "name" },
  competitions: { path: "/admin/competitions", labelField: "name" },
  seasons: { path: "/admin/seasons", labelField: "label" },
} as const;

/** The label field of the screen an action path belongs to ('/admin/news?page=2' → 'title'). */
export function labelFieldFor(action: string): string | undefined {
  const path = new URL(action, "http://x").pathname;
  return Object.values(ADMIN_RESOURCES).find((resource) => resource.path === path)?.labelField;
}
