import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import {
  type ListQuery,
  ADMIN_FIXTURES_PATH as PATH,
  screenHref,
} from "../../domain/fixtures/admin-list-query.ts";
import {
  ADMIN_FILTERS,
  type AdminFilter,
  type AdminView,
  effectiveAdminFilter,
  FIXTURE_STATUS_LABELS,
  type MatchFixture,
  outcome,
  outcomeLabel,
  penaltyScoreText,
  scoreText,
} from "../../domain/fixtures/rules.ts";
import { HOME_AWAY_LABELS } from "../../domain/fixtures/sides.ts";
import { useClubDates } from "../site/use-club-dates.ts";
import { ChangedBy, type ChangedByValue } from "./activity/changed-by.tsx";
import { buttonStyles } from "./form-fields.tsx";
import { rowDomId } from "./resource/ids.ts";
import { RowActions } from "./resource/row-actions.tsx";

// Manage Fixtures' list (rules §2): the Fixtures/Results tabs, the filter and search, and
// the fixtures with their row actions. Part of the page's scroll, not a box of its own.

type ListedFixture = MatchFixture & {
  /** past, to be played, and no score yet. */
  needsResult: boolean;
  /** Who changed it last (ADR 021). */
  changedBy?: ChangedByValue | undefined;
};

export function FixtureList({
  fixtures,
  needingResult,
  query,
  editingId,
  action,
  listHref,
}: {
  fixtures: ListedFixture[];
  /** How many past fixtures have no score yet, in the whole list. */
  needingResult: number;
  query: ListQuery;
  editingId: string | null;
  action: string;
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
      {needingResult > 0 ? (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950 ring-1 ring-amber-300">
          {needingResult === 1
            ? "1 past fixture needs a result."
            : `${needingResult} past fixtures need a result.`}
          {query.view === "results" ? null : (
            <>
              {" "}
              <Link
                to={screenHref({ ...query, view: "results" })}
                className="underline underline-offset-4"
              >
                Show results
              </Link>
            </>
          )}
        </p>
      ) : null}
      {fixtures.length === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 px-4 py-8 text-center text-slate-700">
          No fixtures found.
        </p>
      ) : (
        // Part of the page's scroll, not a box of its own (ADR 005).
        <ul
          aria-labelledby="fixture-list-title"
          aria-busy={navigation.state !== "idle"}
          className="mt-4 space-y-3"
        >
          {fixtures.map((fixture) => (
            <li key={fixture.id}>
              <FixtureItem
                fixture={fixture}
                query={query}
                current={fixture.id === editingId}
                // Deleting the fixture being edited leaves edit mode.
                action={fixture.id === editingId ? listHref : action}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** rules §2: tabs including Results, which forces Past. Links, so they work without JavaScript. */
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
  action,
}: {
  fixture: ListedFixture;
  query: ListQuery;
  current: boolean;
  action: string;
}) {
  const { formatFixtureDate } = useClubDates();
  const when = fixture.date
    ? formatFixtureDate({ date: fixture.date, timeTbc: fixture.timeTbc, withYear: true })
    : "No date";
  const score = scoreText(fixture);
  const pens = penaltyScoreText(fixture);
  const name = `${fixture.opponent}, ${when}`;
  return (
    <article
      id={rowDomId(fixture.id)}
      tabIndex={-1}
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
      {fixture.needsResult ? (
        <p className="mt-1 inline-block rounded bg-amber-100 px-2 py-0.5 text-sm font-bold text-amber-950">
          Needs a result
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        {[
          fixture.type,
          fixture.stage,
          fixture.location,
          // decisions 36: said only when not at home, the default.
          fixture.homeAway && fixture.homeAway !== "home" ? HOME_AWAY_LABELS[fixture.homeAway] : "",
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      <ChangedBy change={fixture.changedBy} />
      {fixture.status !== "scheduled" && fixture.status !== "played" ? (
        <p className="mt-1 text-sm font-semibold text-red-800">
          {FIXTURE_STATUS_LABELS[fixture.status]}
        </p>
      ) : null}
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
      <div className="mt-3">
        <RowActions
          id={fixture.id}
          label={name}
          editHref={screenHref(query, { edit: fixture.id })}
          action={action}
        />
      </div>
    </article>
  );
}
