import { Form, useNavigation } from "react-router";
import {
  type ActivityListEntry,
  type ActivityQuery,
  activityPath,
  screenName,
} from "../../../domain/activity/rules.ts";
import { Pagination } from "../../ui/pagination.tsx";
import { buttonStyles } from "../form-fields.tsx";

// The Activity screen's filters and list (ADR 021). The filters are a GET form, so they work
// without JavaScript and the address says what is shown; the list is newest first, each entry
// a sentence with the person first and the time in words, the exact time in its title.

const selectStyles =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900";

export function ActivityFilters({
  query,
  people,
  screens,
  everyone,
}: {
  query: Pick<ActivityQuery, "person" | "screen">;
  people: string[];
  screens: string[];
  /** False when this administrator sees only their own activity: no person to choose. */
  everyone: boolean;
}) {
  return (
    <Form
      method="get"
      action="/admin/activity"
      role="search"
      aria-label="Filter activity"
      className="mt-6 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
    >
      {everyone ? (
        <div>
          <label htmlFor="activity-person" className="block text-sm font-semibold text-slate-800">
            Person
          </label>
          <select
            id="activity-person"
            name="person"
            defaultValue={query.person}
            key={query.person}
            className={selectStyles}
          >
            <option value="">Everyone</option>
            {people.map((person) => (
              <option key={person} value={person}>
                {person}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div>
        <label htmlFor="activity-screen" className="block text-sm font-semibold text-slate-800">
          Screen
        </label>
        <select
          id="activity-screen"
          name="screen"
          defaultValue={query.screen}
          key={query.screen}
          className={selectStyles}
        >
          <option value="">All screens</option>
          {screens.map((screen) => (
            <option key={screen} value={screen}>
              {screenName(screen)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonStyles.secondary}>
        Show
      </button>
    </Form>
  );
}

export function ActivityList({
  entries,
  total,
  page,
  pages,
  query,
}: {
  entries: ActivityListEntry[];
  total: number;
  page: number;
  pages: number;
  query: Pick<ActivityQuery, "person" | "screen">;
}) {
  const navigation = useNavigation();
  const filtered = Boolean(query.person || query.screen);
  return (
    <section aria-labelledby="activity-list-title" className="mt-6">
      <h2
        id="activity-list-title"
        className="font-display text-2xl font-bold uppercase text-slate-900"
      >
        {filtered ? "Matching changes" : "All changes"}{" "}
        <span className="text-slate-500">({total})</span>
      </h2>
      {pages > 1 ? (
        <p className="mt-1 text-sm text-slate-600">{`Page ${page} of ${pages}, newest first.`}</p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">Newest first.</p>
      )}
      {entries.length === 0 ? (
        <p className="mt-4 rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
          {filtered ? "Nothing matches these filters." : "Nothing has been changed yet."}
        </p>
      ) : (
        <ol
          aria-labelledby="activity-list-title"
          className="mt-4 divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
          aria-busy={navigation.state !== "idle"}
        >
          {entries.map((entry) => (
            <li key={entry.id} className="px-4 py-3">
              <p className="break-words text-slate-900">
                <span className="font-semibold">{entry.actor}</span> {entry.text}
              </p>
              <p className="mt-0.5 text-sm text-slate-600">
                {screenName(entry.screen)} ·{" "}
                <time dateTime={entry.at} title={entry.full}>
                  {entry.ago}
                </time>
                <span className="sr-only"> ({entry.full})</span>
              </p>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-6">
        <Pagination
          page={page}
          pages={pages}
          hrefFor={(n) => activityPath(query, n)}
          label="Activity pages"
        />
      </div>
    </section>
  );
}
