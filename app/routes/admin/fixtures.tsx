import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { FixtureForm } from "../../components/admin/fixture-form.tsx";
import { buttonStyles } from "../../components/admin/form-fields.tsx";
import {
  outboxClientAction,
  outboxShouldRevalidate,
} from "../../components/admin/outbox-action.ts";
import { SlideUpPanel } from "../../components/admin/slide-up-panel.tsx";
import { UndoNotice } from "../../components/admin/undo-notice.tsx";
import { club } from "../../config/club.ts";
import { requireAdministrator } from "../../domain/auth/session.server.ts";
import { appliedOnce } from "../../domain/connectivity/request-ids.server.ts";
import { formatFixtureDate } from "../../domain/dates/format.ts";
import { fixtureFormDefaults, fixtureFormSchema } from "../../domain/fixtures/fixture.schema.ts";
import {
  createFixture,
  deleteFixture,
  type Fixture,
  getFixture,
  listFixtures,
  restoreFixture,
  updateFixture,
} from "../../domain/fixtures/fixtures.server.ts";
import {
  ADMIN_FILTERS,
  ADMIN_VIEWS,
  type AdminFilter,
  type AdminView,
  adminFixtureList,
  effectiveAdminFilter,
  opponentSuggestions,
  outcome,
  outcomeLabel,
  penaltyScoreText,
  scorerSuggestions,
  scoreText,
} from "../../domain/fixtures/rules.ts";
import { parseForm } from "../../domain/forms/parse-form.ts";
import { listTable } from "../../domain/table/table.server.ts";
import { listTeamMemberNames } from "../../domain/team/team.server.ts";
import type { Route } from "./+types/fixtures";

// Manage Fixtures (SPEC §2, §4, §5; ADR 005): the form to add or edit a fixture and record
// its result, and the list with its filter, search and Fixtures/Results tabs. Edit mode is
// ?edit=<id>; the list settings (?view, ?filter, ?q) survive saves and deletes.

const PATH = "/admin/fixtures";

export const meta: Route.MetaFunction = () => [
  { title: `Manage Fixtures | ${club.shortName} admin` },
  { name: "robots", content: "noindex" },
];

const listQuerySchema = z.object({
  view: z.enum(ADMIN_VIEWS).catch("fixtures"),
  filter: z.enum(ADMIN_FILTERS).catch("all"),
  q: z.string().trim().max(100).catch(""),
});
type ListQuery = z.infer<typeof listQuerySchema>;

function readListQuery(url: URL): ListQuery {
  return listQuerySchema.parse({
    view: url.searchParams.get("view") ?? undefined,
    filter: url.searchParams.get("filter") ?? undefined,
    q: url.searchParams.get("q") ?? undefined,
  });
}

/** The screen's address with its list settings (defaults left out), plus `extra`. */
function screenHref(query: ListQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (query.view !== "fixtures") params.set("view", query.view);
  if (query.filter !== "all") params.set("filter", query.filter);
  if (query.q) params.set("q", query.q);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return search ? `${PATH}?${search}` : PATH;
}

const DONE = { created: "Fixture added.", updated: "Fixture updated." } as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdministrator(request);
  const url = new URL(request.url);
  const query = readListQuery(url);
  const editId = url.searchParams.get("edit");
  let editing: Fixture | null = null;
  if (editId !== null) {
    const id = z.uuid().safeParse(editId);
    editing = id.success ? await getFixture({ id: id.data }) : null;
    if (!editing) throw data(null, { status: 404 });
  }
  const [fixtures, table, members] = await Promise.all([
    listFixtures(),
    listTable(),
    listTeamMemberNames(),
  ]);
  const done = url.searchParams.get("done");
  return {
    query,
    fixtures: adminFixtureList({ fixtures, ...query, search: query.q, now: new Date() }),
    editing: editing ? fixtureFormDefaults(editing) : null,
    opponents: opponentSuggestions({
      tableTeams: table.map((row) => row.team),
      extras: club.opponentExtras,
      clubTeam: club.teamName,
    }),
    scorers: scorerSuggestions({ memberNames: members, extras: club.scorerExtras }),
    done: done === "created" || done === "updated" ? DONE[done] : null,
    saved: url.searchParams.get("saved"),
  };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
  z.object({ intent: z.literal("undo"), token: z.uuid() }),
]);

const fixtureLabel = (fixture: Pick<Fixture, "opponent">) => `Fixture v ${fixture.opponent}`;

export const action = appliedOnce(async ({ request }: Route.ActionArgs) => {
  await requireAdministrator(request);
  const query = readListQuery(new URL(request.url));
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "delete" || intent === "undo") {
    const parsed = intentSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      return data({ error: "That request was not understood." }, { status: 400 });
    }
    if (parsed.data.intent === "delete") {
      const deleted = await deleteFixture({ id: parsed.data.id });
      if (!deleted) return data({ error: "That fixture no longer exists." }, { status: 404 });
      return { undo: { token: deleted.token, label: fixtureLabel(deleted.fixture) } };
    }
    const restored = await restoreFixture({ token: parsed.data.token });
    if (!restored) {
      return data({ error: "This fixture can no longer be restored." }, { status: 410 });
    }
    return { restored: `${fixtureLabel(restored)} restored.` };
  }

  // Save, or a scorer row added or removed without JavaScript (Conform's list intents).
  const submission = parseForm(formData, { schema: fixtureFormSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply() },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  const { id, values } = submission.value;
  if (id) {
    const updated = await updateFixture({ id, values });
    if (!updated) {
      return data(
        { result: submission.reply({ formErrors: ["This fixture no longer exists."] }) },
        { status: 404 },
      );
    }
    return redirect(screenHref(query, { done: "updated", saved: updated.id }));
  }
  const created = await createFixture({ values });
  return redirect(screenHref(query, { done: "created", saved: created.id }));
});

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function ManageFixtures({ loaderData, actionData }: Route.ComponentProps) {
  const { query, fixtures, editing, opponents, scorers, done, saved } = loaderData;
  const result: SubmissionResult<string[]> | undefined =
    actionData && "result" in actionData ? actionData.result : undefined;
  const undo = actionData && "undo" in actionData ? actionData.undo : undefined;
  const navigate = useNavigate();
  const listHref = screenHref(query);

  // The panel (narrow screens) is open while editing or when the server sent errors back.
  const hasErrors = Boolean(result && result.status === "error");
  const wantsOpen = Boolean(editing) || hasErrors || Boolean(result?.intent);
  const [open, setOpen] = useState(wantsOpen);
  useEffect(() => {
    if (wantsOpen) setOpen(true);
  }, [wantsOpen]);

  return (
    <>
      <AdminPageHeader
        title="Manage Fixtures"
        intro={`Add fixtures, and record a result by adding the score to a played fixture. Dates and times are club time (${club.timeZone}).`}
        error={actionData && "error" in actionData ? actionData.error : null}
        status={actionData && "restored" in actionData ? actionData.restored : done}
      />

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,27rem)_minmax(0,1fr)] lg:items-start">
        <SlideUpPanel
          title={editing ? "Edit fixture" : "Add a fixture"}
          openLabel="Add fixture"
          open={open}
          onOpen={() => setOpen(true)}
          onClose={() => {
            setOpen(false);
            // Closing the panel while editing is Cancel edit.
            if (editing) navigate(listHref);
          }}
        >
          <FixtureForm
            key={editing?.id ?? `new-${saved ?? ""}`}
            defaults={editing}
            lastResult={result}
            opponents={opponents}
            scorers={scorers}
            action={screenHref(query, editing?.id ? { edit: editing.id } : {})}
            cancelHref={listHref}
          />
        </SlideUpPanel>

        <FixtureList
          fixtures={fixtures}
          query={query}
          editingId={editing?.id ?? null}
          listHref={listHref}
        />
      </div>
      <UndoNotice offer={undo} />
    </>
  );
}

type ListedFixture = Route.ComponentProps["loaderData"]["fixtures"][number];

function FixtureList({
  fixtures,
  query,
  editingId,
  listHref,
}: {
  fixtures: ListedFixture[];
  query: ListQuery;
  editingId: string | null;
  listHref: string;
}) {
  const navigation = useNavigation();
  return (
    <section
      aria-labelledby="fixture-list-title"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id="fixture-list-title" className="sr-only">
        Fixture list
      </h2>
      <ListTabs query={query} />
      <ListFilter query={query} editingId={editingId} />
      {fixtures.length === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 px-4 py-8 text-center text-slate-700">
          No fixtures found.
        </p>
      ) : (
        <ul
          aria-labelledby="fixture-list-title"
          aria-busy={navigation.state !== "idle"}
          className="mt-4 max-h-[78vh] space-y-3 overflow-y-auto overscroll-contain pr-1"
        >
          {fixtures.map((fixture) => (
            <li key={fixture.id}>
              <FixtureItem
                fixture={fixture}
                query={query}
                current={fixture.id === editingId}
                listHref={listHref}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** SPEC §2: tabs including Results, which forces Past. Links, so they work without JavaScript. */
function ListTabs({ query }: { query: ListQuery }) {
  const tabs: { view: AdminView; label: string }[] = [
    { view: "fixtures", label: "All fixtures" },
    { view: "results", label: "Results" },
  ];
  return (
    <nav aria-label="Fixture list views">
      <ul className="flex gap-1 border-b border-slate-200">
        {tabs.map((tab) => {
          const current = tab.view === query.view;
          return (
            <li key={tab.view}>
              <Link
                to={screenHref({ ...query, view: tab.view })}
                aria-current={current ? "page" : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-4 font-semibold ${
                  current
                    ? "border-club text-club"
                    : "border-transparent text-slate-600 hover:text-slate-900"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const FILTER_LABELS: Record<AdminFilter, string> = {
  upcoming: "Upcoming",
  past: "Past",
  all: "All",
};

function ListFilter({ query, editingId }: { query: ListQuery; editingId: string | null }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const results = query.view === "results";
  const filter = effectiveAdminFilter({ view: query.view, filter: query.filter });
  const apply = (form: HTMLFormElement | null, delay: number) => {
    clearTimeout(timer.current);
    if (!form) return;
    timer.current = setTimeout(
      () => submit(form, { replace: true, preventScrollReset: true }),
      delay,
    );
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  // Any navigation (a tab, Apply, a link) supersedes a search still waiting to be sent;
  // firing it afterwards would undo the administrator's choice.
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    if (navigating) clearTimeout(timer.current);
  }, [navigating]);
  return (
    <Form
      method="get"
      action={PATH}
      role="search"
      aria-label="Filter fixtures"
      className="mt-4 grid grid-cols-[7.5rem_minmax(0,1fr)] items-end gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto]"
      onChange={(event) =>
        apply(event.currentTarget, event.target instanceof HTMLSelectElement ? 0 : 350)
      }
      onSubmit={() => clearTimeout(timer.current)}
    >
      {query.view !== "fixtures" ? <input type="hidden" name="view" value={query.view} /> : null}
      {editingId ? <input type="hidden" name="edit" value={editingId} /> : null}
      <div>
        <label htmlFor="fixture-filter" className="block text-sm font-semibold text-slate-800">
          Show
        </label>
        <select
          id="fixture-filter"
          name="filter"
          defaultValue={filter}
          key={`${query.view}-${filter}`}
          disabled={results}
          aria-describedby={results ? "fixture-filter-hint" : undefined}
          className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 disabled:bg-slate-100 disabled:text-slate-600"
        >
          {ADMIN_FILTERS.map((value) => (
            <option key={value} value={value}>
              {FILTER_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="fixture-search" className="block text-sm font-semibold text-slate-800">
          Search
        </label>
        <input
          id="fixture-search"
          type="search"
          name="q"
          defaultValue={query.q}
          placeholder="Opponent, location or type"
          maxLength={100}
          className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900"
        />
      </div>
      <button type="submit" className={`${buttonStyles.secondary} col-span-2 sm:col-span-1`}>
        Apply
      </button>
      {results ? (
        <p id="fixture-filter-hint" className="col-span-2 text-sm text-slate-600 sm:col-span-3">
          The Results tab shows past fixtures only.
        </p>
      ) : null}
    </Form>
  );
}

function FixtureItem({
  fixture,
  query,
  current,
  listHref,
}: {
  fixture: ListedFixture;
  query: ListQuery;
  current: boolean;
  listHref: string;
}) {
  const when = fixture.date
    ? formatFixtureDate({ date: fixture.date, timeTbc: fixture.timeTbc, withYear: true })
    : "No date";
  const score = scoreText(fixture);
  const pens = penaltyScoreText(fixture);
  const name = `${fixture.opponent}, ${when}`;
  return (
    <article
      aria-labelledby={`admin-fixture-${fixture.id}`}
      aria-current={current ? "true" : undefined}
      className={`rounded-lg border p-4 ${current ? "border-club ring-2 ring-club" : "border-slate-200"}`}
    >
      <p className="text-sm font-semibold tracking-wide text-club">
        {fixture.date ? <time dateTime={fixture.date.toISOString()}>{when}</time> : when}
      </p>
      <h3 id={`admin-fixture-${fixture.id}`} className="text-lg font-bold text-slate-900">
        v {fixture.opponent}
      </h3>
      <p className="text-sm text-slate-600">
        {[fixture.type, fixture.stage, fixture.location].filter(Boolean).join(" · ")}
      </p>
      {score ? (
        <p className="mt-1 text-sm text-slate-800">
          <span className="font-semibold">
            {outcomeLabel(outcome(fixture))} {score}
          </span>
          {pens ? <span> (penalties {pens})</span> : null}
          {fixture.scorers.length > 0 ? (
            <span className="text-slate-600">
              {" "}
              · {fixture.scorers.map((s) => `${s.name} ${s.minute}′`).join(", ")}
            </span>
          ) : null}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to={screenHref(query, { edit: fixture.id })}
          className={`${buttonStyles.secondary} text-sm`}
        >
          <span>
            Edit<span className="sr-only">: {name}</span>
          </span>
        </Link>
        <Form method="post" action={listHref}>
          <input type="hidden" name="id" value={fixture.id} />
          <button type="submit" name="intent" value="delete" className={buttonStyles.danger}>
            <span>
              Delete<span className="sr-only">: {name}</span>
            </span>
          </button>
        </Form>
      </div>
    </article>
  );
}
