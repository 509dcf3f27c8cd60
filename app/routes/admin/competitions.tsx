import { data, useNavigation } from "react-router";
import { z } from "zod";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { CompetitionForm, competitionFormId } from "../../components/admin/list-forms.tsx";
import { rowDomId } from "../../components/admin/resource/ids.ts";
import { RowActions } from "../../components/admin/resource/row-actions.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { club } from "../../config/club.ts";
import { savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAdministrator } from "../../domain/auth/session.server.ts";
import {
  type Competition,
  countFixturesOfCompetition,
  createCompetition,
  getCompetition,
  isCompetitionNameTaken,
  listCompetitions,
  removeCompetition,
  restoreCompetition,
  updateCompetition,
} from "../../domain/fixtures/competitions.server.ts";
import {
  COMPETITION_KIND_LABELS,
  competitionFormDefaults,
  competitionFormFields,
  competitionFormSchema,
  inUseMessage,
  LIST_MESSAGES,
} from "../../domain/fixtures/lists.schema.ts";
import type { Route } from "./+types/competitions";

// Competitions (decisions 15; ADR 005, on the admin resource module): the match types the
// fixture form offers, each of a kind (league, cup, friendly, other). A rename changes every
// fixture of that competition; one still used by fixtures is not deleted, and the refusal
// says by how many.

const PATH = "/admin/competitions";
const FORM_HEADING_ID = "competition-form-title";

export const meta: Route.MetaFunction = () => [
  { title: `Competitions | ${club.shortName} admin` },
  { name: "robots", content: "noindex" },
];

const MESSAGES = {
  created: "Competition added.",
  updated: "Competition updated.",
  gone: "This competition no longer exists.",
  expired: "This competition can no longer be restored.",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdministrator(request);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  let editing: Competition | null = null;
  if (editId !== null) {
    const id = z.uuid().safeParse(editId);
    editing = id.success ? await getCompetition({ id: id.data }) : null;
    if (!editing) throw data(null, { status: 404 });
  }
  const competitions = await listCompetitions();
  const used = await Promise.all(
    competitions.map((competition) => countFixturesOfCompetition(competition)),
  );
  return {
    competitions: competitions.map((competition, index) => ({
      ...competition,
      fixtures: used[index] ?? 0,
    })),
    editing: editing ? competitionFormDefaults(editing) : null,
    saved: savedReplyFromUrl({ url, messages: MESSAGES }),
  };
}

export const action = adminAction({
  form: {
    fields: competitionFormFields,
    schema: competitionFormSchema,
    check: async ({ id, values }) =>
      (await isCompetitionNameTaken({ name: values.name, exceptId: id }))
        ? { name: [LIST_MESSAGES.nameTaken] }
        : null,
    create: ({ values }) => createCompetition({ values }),
    update: ({ id, values }) => updateCompetition({ id, values }),
  },
  remove: async ({ id }) => {
    const removed = await removeCompetition({ id });
    if (!removed) return null;
    if ("usedBy" in removed) {
      return { refused: inUseMessage({ name: removed.competition.name, count: removed.usedBy }) };
    }
    return { token: removed.token, label: removed.competition.name };
  },
  restore: async ({ token }) => {
    const restored = await restoreCompetition({ token });
    return restored && { id: restored.id, label: restored.name };
  },
  listHref: () => PATH,
  messages: MESSAGES,
});

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

const usedByText = (count: number) =>
  count === 0 ? "Not used by any fixture" : `Used by ${count} fixture${count === 1 ? "" : "s"}`;

export default function ManageCompetitions({ loaderData, actionData }: Route.ComponentProps) {
  const { competitions, editing, saved } = loaderData;
  const navigation = useNavigation();
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: editing?.id ?? null,
    formId: competitionFormId(editing?.id),
    formHeadingId: FORM_HEADING_ID,
  });
  return (
    <>
      <AdminPageHeader
        title="Competitions"
        intro="The match types the fixture form offers. Renaming a competition changes every fixture in it; a competition used by fixtures cannot be deleted. League results count towards the club's row of the league table."
        screen={screen}
      />

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
            {editing ? `Edit ${editing.name}` : "Add a competition"}
          </h2>
          <div className="mt-4">
            <CompetitionForm
              key={screen.formKey}
              defaults={editing}
              lastResult={screen.lastResult}
              action={editing ? `${PATH}?edit=${editing.id}` : screen.actionHref}
              cancelHref={PATH}
            />
          </div>
        </section>

        <section
          aria-labelledby="competition-list-title"
          className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
        >
          <h2
            id="competition-list-title"
            className="font-display text-2xl font-extrabold uppercase text-slate-900"
          >
            Competition list
          </h2>
          {competitions.length === 0 ? (
            <p className="mt-4 rounded-lg bg-slate-50 px-4 py-8 text-center text-slate-700">
              No competitions yet.
            </p>
          ) : (
            <ul
              aria-labelledby="competition-list-title"
              aria-busy={navigation.state !== "idle"}
              className="mt-4 space-y-3"
            >
              {competitions.map((competition) => (
                <li key={competition.id}>
                  <article
                    id={rowDomId(competition.id)}
                    tabIndex={-1}
                    aria-labelledby={`competition-${competition.id}`}
                    aria-current={competition.id === editing?.id ? "true" : undefined}
                    className={`rounded-lg border p-4 ${competition.id === editing?.id ? "border-club ring-2 ring-club" : "border-slate-200"}`}
                  >
                    <h3
                      id={`competition-${competition.id}`}
                      className="text-lg font-bold text-slate-900"
                    >
                      {competition.name}
                    </h3>
                    <p className="mt-1 text-sm text-slate-600">
                      {COMPETITION_KIND_LABELS[competition.kind]} ·{" "}
                      {usedByText(competition.fixtures)}
                    </p>
                    <div className="mt-3">
                      <RowActions
                        id={competition.id}
                        label={competition.name}
                        editHref={`${PATH}?edit=${competition.id}`}
                        action={competition.id === editing?.id ? PATH : screen.actionHref}
                      />
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
