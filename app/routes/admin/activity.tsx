import { data } from "react-router";
import { ActivityFilters, ActivityList } from "../../components/admin/activity/activity-list.tsx";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { loadEnv } from "../../config/env.server.ts";
import { listActivity, seesEveryonesActivity } from "../../domain/activity/activity.server.ts";
import { activityQuerySchema } from "../../domain/activity/rules.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import type { Route } from "./+types/activity";

// Activity (ADR 021): every admin change, newest first, filtered by person and screen, a
// page at a time. Read-only: nothing here writes.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Activity | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const administrator = await requireAccess(request, "activity");
  const url = new URL(request.url);
  const parsed = activityQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw data(null, { status: 404 });
  const everyone = seesEveryonesActivity(administrator);
  // Someone who sees only their own activity has no person to choose.
  const query = { ...parsed.data, person: everyone ? parsed.data.person : "" };
  const list = await listActivity({
    actor: query.person || undefined,
    screen: query.screen || undefined,
    ownOnly: everyone ? undefined : administrator.id,
    page: query.page,
  });
  const days = loadEnv().ACTIVITY_DAYS;
  return { ...list, page: Math.min(query.page, list.pages), query, everyone, days };
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { entries, total, pages, page, query, people, screens, everyone, days } = loaderData;
  const kept = `Each change is kept for ${days} days, then removed.`;
  return (
    <>
      <AdminPageHeader
        title="Activity"
        intro={`${everyone ? "Who changed what in the admin" : "What you changed in the admin"}, newest first. ${kept}`}
        screen={{ error: null, status: null, undo: undefined, actionHref: "/admin/activity" }}
      />
      <ActivityFilters query={query} people={people} screens={screens} everyone={everyone} />
      <ActivityList entries={entries} total={total} page={page} pages={pages} query={query} />
    </>
  );
}
