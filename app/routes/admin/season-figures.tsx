import { data, Link, redirect } from "react-router";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { LockedNotice } from "../../components/admin/locked-notice.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import {
  FIGURES_FORM_ID,
  SeasonFiguresForm,
  SeasonFiguresList,
} from "../../components/admin/season-figures.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { isRefusal, saveSeasonFigures } from "../../domain/seasons/archive.server.ts";
import {
  seasonFiguresFormDefaults,
  seasonFiguresFormSchema,
} from "../../domain/seasons/figures.schema.ts";
import { NO_FIGURES } from "../../domain/seasons/rules.ts";
import {
  archivedFigures,
  getSeasonBySlug,
  SEASON_GONE,
} from "../../domain/seasons/seasons.server.ts";
import { playerFiguresForSeason } from "../../domain/seasons/standing.server.ts";
import { listPlayerFigures } from "../../domain/team/team.server.ts";
import type { Route } from "./+types/season-figures";

// An archived season's player figures (ADR 016; built on the admin resource module, ADR
// 005): each player's hand-entered appearances, goals, assists and cards for that season,
// edited with Edit (?edit=<person id>) while the season is unlocked, read-only while locked.
// The current season's figures are on Manage Team.

const FORM_HEADING_ID = "figures-form-title";
const pathOf = (slug: string) => `/admin/seasons/${encodeURIComponent(slug)}`;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: `Player figures ${loaderData?.season.label ?? ""} | ${clubFromMatches(matches).shortName} admin`,
  },
  { name: "robots", content: "noindex" },
];

const MESSAGES = {
  created: "Figures saved.",
  updated: "Figures saved.",
  gone: "That player is no longer in the squad.",
  expired: "Figures are never deleted.",
};

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "season-figures");
  const url = new URL(request.url);
  const season = await getSeasonBySlug({ slug: params.slug });
  if (!season) throw data(null, { status: 404 });
  if (season.isCurrent) throw redirect("/admin/team");
  const [people, shown, manual] = await Promise.all([
    listPlayerFigures(),
    playerFiguresForSeason({ season }),
    archivedFigures({ seasonId: season.id }),
  ]);
  const readOnly = season.locked;
  const editId = url.searchParams.get("edit");
  const editing = editId && !readOnly ? people.find((person) => person.id === editId) : undefined;
  if (editId && !readOnly && !editing) throw data(null, { status: 404 });
  return {
    season: { label: season.label, slug: season.slug },
    readOnly,
    recorded: shown.recorded,
    players: people.map((person) => ({
      id: person.id,
      name: person.name,
      shown: shown.byPerson.get(person.id) ?? NO_FIGURES,
    })),
    editing: editing
      ? {
          name: editing.name,
          defaults: seasonFiguresFormDefaults(editing.id, manual.get(editing.id) ?? NO_FIGURES),
        }
      : null,
    saved: savedReplyFromUrl({ url, messages: MESSAGES }),
  };
}

export const action = (args: Route.ActionArgs) =>
  adminAction({
    screen: "season-figures",
    form: {
      fields: seasonFiguresFormSchema,
      schema: seasonFiguresFormSchema,
      // Every save names its player (the form is only shown with ?edit=).
      create: async () => ({ refused: MESSAGES.gone }),
      update: async ({ id, ...figures }) => {
        const season = await getSeasonBySlug({ slug: args.params.slug });
        if (!season) return { refused: SEASON_GONE };
        const saved = await saveSeasonFigures({ season, personId: id, figures });
        return !saved || isRefusal(saved) ? saved : { id };
      },
    },
    remove: async () => null,
    restore: async () => null,
    listHref: () => pathOf(args.params.slug),
    messages: MESSAGES,
  })(args);

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function SeasonFigures({ loaderData, actionData }: Route.ComponentProps) {
  const { season, readOnly, recorded, players, editing, saved } = loaderData;
  const path = pathOf(season.slug);
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: editing?.defaults.id ?? null,
    formId: FIGURES_FORM_ID,
    formHeadingId: FORM_HEADING_ID,
  });
  return (
    <>
      <AdminPageHeader
        title={`Player figures ${season.label}`}
        intro={`What each player did in the archived ${season.label} season, as entered by hand. Goals, and appearances, assists and cards once match details were recorded, are counted from that season's results.`}
        screen={screen}
      />
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
        <Link to="/admin/seasons" className="font-semibold text-club underline underline-offset-4">
          Seasons
        </Link>
        <Link
          to={`/admin/table?season=${encodeURIComponent(season.slug)}`}
          className="font-semibold text-club underline underline-offset-4"
        >
          League table {season.label}
        </Link>
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start">
        <section
          aria-labelledby={FORM_HEADING_ID}
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2
            id={FORM_HEADING_ID}
            tabIndex={-1}
            className="font-display text-2xl font-extrabold uppercase text-slate-900"
          >
            {editing ? `Edit ${editing.name}` : "Edit a player's figures"}
          </h2>
          <div className="mt-4">
            {readOnly ? (
              <LockedNotice label={season.label} />
            ) : editing ? (
              <SeasonFiguresForm
                key={screen.formKey}
                defaults={editing.defaults}
                lastResult={screen.lastResult}
                action={`${path}?edit=${editing.defaults.id}`}
                cancelHref={path}
                recorded={recorded}
              />
            ) : (
              <p className="text-slate-700">
                Choose Edit next to a player to change their figures.
              </p>
            )}
          </div>
        </section>

        <SeasonFiguresList
          players={players}
          editingId={editing?.defaults.id ?? null}
          editHref={(id) => `${path}?edit=${id}`}
          readOnly={readOnly}
        />
      </div>
    </>
  );
}
