import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { FormActions, FormErrors, TextField } from "../../components/admin/form-fields.tsx";
import { useSaveLock, useSaving } from "../../components/admin/resource/save-lock.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import {
  ArchivedSeasons,
  seasonDay,
  UnmatchedScorers,
} from "../../components/admin/season-lists.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { latestChanges } from "../../domain/activity/activity.server.ts";
import { savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { nextSeasonDays } from "../../domain/seasons/rules.ts";
import { seasonFormFields, seasonFormSchema } from "../../domain/seasons/season.schema.ts";
import {
  checkNewSeason,
  getCurrentSeason,
  listSeasons,
  setSeasonLocked,
  startNewSeason,
} from "../../domain/seasons/seasons.server.ts";
import { playerFiguresForSeason } from "../../domain/seasons/standing.server.ts";
import type { Route } from "./+types/seasons";

// Seasons (decisions 24, ADR 016; built on the admin resource module,
// ADR 005): the current season, "Start a new season" (the current one is archived: locked,
// its figures kept, nothing deleted), Lock/Unlock of archived seasons, and the scorers on this
// season's results whose names match no one in the squad.

const PATH = "/admin/seasons";
const FORM_ID = "season-form";
const FORM_HEADING_ID = "season-form-title";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Seasons | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const MESSAGES = {
  created: "New season started. The previous season is archived and locked.",
  updated: "Season saved.",
  gone: "That season no longer exists, or it is the current season.",
  expired: "Seasons are never deleted.",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "seasons");
  const url = new URL(request.url);
  const current = await getCurrentSeason();
  const [seasons, figures] = await Promise.all([
    listSeasons(),
    playerFiguresForSeason({ season: current }),
  ]);
  const archived = seasons.filter((season) => !season.isCurrent);
  const changes = await latestChanges({ screen: "seasons", ids: archived.map(({ id }) => id) });
  return {
    current,
    archived: archived.map((season) => ({ ...season, changedBy: changes[season.id] })),
    next: nextSeasonDays(current),
    unmatched: figures.unmatched,
    saved: savedReplyFromUrl({ url, messages: MESSAGES }),
  };
}

const lockIntent =
  (locked: boolean) =>
  async ({ id }: { id: string }) => {
    const season = await setSeasonLocked({ id, locked });
    if (!season) return { kind: "refused", message: MESSAGES.gone } as const;
    return {
      kind: "saved",
      id,
      message: locked
        ? `${season.label} is locked: read-only.`
        : `${season.label} is unlocked: its results, table and player figures can be changed.`,
      focus: "row",
    } as const;
  };

export const action = adminAction({
  screen: "seasons",
  form: {
    fields: seasonFormFields,
    schema: seasonFormSchema,
    check: async ({ label, startsOn }) => {
      const refusal = await checkNewSeason({ label, startsOn });
      return refusal ? { [refusal.field]: [refusal.message] } : null;
    },
    create: async ({ label, startsOn, endsOn }) => {
      const started = await startNewSeason({ label, startsOn, endsOn });
      if (!started.ok) throw new Error(started.message);
      return started.season;
    },
    // A season is never edited from this form; only new seasons are started.
    update: async () => null,
  },
  remove: async () => null,
  restore: async () => null,
  rowIntents: { lock: lockIntent(true), unlock: lockIntent(false) },
  listHref: () => PATH,
  messages: MESSAGES,
});

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function Seasons({ loaderData, actionData }: Route.ComponentProps) {
  const { current, archived, next, unmatched, saved } = loaderData;
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: null,
    formId: FORM_ID,
    formHeadingId: FORM_HEADING_ID,
  });
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: screen.lastResult,
    defaultValue: { label: next.label, startsOn: next.startsOn, endsOn: next.endsOn },
    constraint: getZodConstraint(seasonFormFields),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: seasonFormSchema }),
  });
  const saving = useSaving();
  // ADR 039: locked while its save is on its way.
  useSaveLock(form.id, saving);
  return (
    <>
      <AdminPageHeader
        title="Seasons"
        intro="Results belong to the season their date falls in. Goals and the club's league row are counted from the results."
        screen={screen}
      />

      <div className="mt-6 grid gap-6 lg:grid-cols-2 lg:items-start">
        <section
          aria-labelledby="current-season-title"
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2
            id="current-season-title"
            className="font-display text-2xl font-extrabold uppercase text-slate-900"
          >
            Current season: {current.label}
          </h2>
          <p className="mt-2 text-slate-700">
            From {seasonDay(current.startsOn)} to {seasonDay(current.endsOn)}.
          </p>

          <h3
            id={FORM_HEADING_ID}
            tabIndex={-1}
            className="mt-6 font-display text-xl font-bold uppercase text-slate-900"
          >
            Start a new season
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            {current.label} is then archived and locked: its results, table and each player's
            figures stay on the site at their season addresses. The squad carries over and player
            figures start from zero. Nothing is deleted.
          </p>
          <Form
            key={screen.formKey}
            method="post"
            action={screen.actionHref}
            {...getFormProps(form)}
            className="mt-4 space-y-4"
          >
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextField field={fields.label} label="Season name" autoComplete="off" />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField field={fields.startsOn} label="First day" type="date" />
              <TextField field={fields.endsOn} label="Last day" type="date" />
            </div>
            <FormActions
              editing={false}
              saving={saving}
              addLabel="Start a new season"
              updateLabel="Start a new season"
              cancelTo={PATH}
            />
          </Form>
        </section>

        <UnmatchedScorers unmatched={unmatched} />
      </div>

      <ArchivedSeasons archived={archived} action={screen.actionHref} />
    </>
  );
}
