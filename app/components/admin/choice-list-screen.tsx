import type { ComponentType, ReactNode } from "react";
import { useNavigation } from "react-router";
import type { AdminReply } from "../../domain/admin/reply.ts";
import { ChangedBy, type ChangedByValue } from "./activity/changed-by.tsx";
import { AdminPageHeader } from "./admin-shell.tsx";
import { type ListFormDefaults, type ListFormProps, listFormId } from "./choice-list-forms.tsx";
import { rowDomId } from "./resource/ids.ts";
import { RowActions } from "./resource/row-actions.tsx";
import { useAdminReply } from "./resource/use-admin-reply.ts";

// The screen of a list the fixture form picks from (Venues, Competitions; ADR 015, on the
// admin resource module of ADR 005): the form (add, or update with ?edit=<id>) beside the
// list, each entry with how many fixtures use it. The route module declares its words, its
// form and what a row shows besides the name; the loader and action are
// domain/fixtures/choice-list-admin.server.ts.

/** "Used by 2 fixtures": a row's count, in words. */
export const usedByText = (count: number) =>
  count === 0 ? "Not used by any fixture" : `Used by ${count} fixture${count === 1 ? "" : "s"}`;

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

export function ChoiceListScreen<
  Entry extends { id: string; name: string; fixtures: number; changedBy?: ChangedByValue },
>({
  loaderData,
  actionData,
  path,
  noun,
  plural,
  intro,
  Form,
  details,
}: {
  loaderData: {
    entries: Entry[];
    editing: (ListFormDefaults & { id: string; name: string }) | null;
    saved: AdminReply | null;
  };
  actionData: unknown;
  /** The screen's address. */
  path: string;
  /** The entry in words, "venue" and "venues": the title, headings, ids and the empty list. */
  noun: string;
  plural: string;
  intro: string;
  Form: ComponentType<ListFormProps>;
  /** What a row shows under the entry's name. */
  details: (entry: Entry) => ReactNode;
}) {
  const { entries, editing, saved } = loaderData;
  const navigation = useNavigation();
  const formHeadingId = `${noun}-form-title`;
  const listHeadingId = `${noun}-list-title`;
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: editing?.id ?? null,
    formId: listFormId(noun, editing?.id),
    formHeadingId,
  });
  return (
    <>
      <AdminPageHeader title={capitalised(plural)} intro={intro} screen={screen} />

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start">
        <section
          aria-labelledby={formHeadingId}
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2
            id={formHeadingId}
            tabIndex={-1}
            className="font-display text-2xl font-extrabold uppercase text-slate-900"
          >
            {editing ? `Edit ${editing.name}` : `Add a ${noun}`}
          </h2>
          <div className="mt-4">
            <Form
              key={screen.formKey}
              defaults={editing}
              lastResult={screen.lastResult}
              action={editing ? `${path}?edit=${editing.id}` : screen.actionHref}
              cancelHref={path}
            />
          </div>
        </section>

        <section
          aria-labelledby={listHeadingId}
          className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
        >
          <h2
            id={listHeadingId}
            className="font-display text-2xl font-extrabold uppercase text-slate-900"
          >
            {capitalised(noun)} list
          </h2>
          {entries.length === 0 ? (
            <p className="mt-4 rounded-lg bg-slate-50 px-4 py-8 text-center text-slate-700">
              No {plural} yet.
            </p>
          ) : (
            <ul
              aria-labelledby={listHeadingId}
              aria-busy={navigation.state !== "idle"}
              className="mt-4 space-y-3"
            >
              {entries.map((entry) => (
                <li key={entry.id}>
                  <article
                    id={rowDomId(entry.id)}
                    tabIndex={-1}
                    aria-labelledby={`${noun}-${entry.id}`}
                    aria-current={entry.id === editing?.id ? "true" : undefined}
                    className={`rounded-lg border p-4 ${entry.id === editing?.id ? "border-club ring-2 ring-club" : "border-slate-200"}`}
                  >
                    <h3 id={`${noun}-${entry.id}`} className="text-lg font-bold text-slate-900">
                      {entry.name}
                    </h3>
                    {details(entry)}
                    <ChangedBy change={entry.changedBy} />
                    <div className="mt-3">
                      <RowActions
                        id={entry.id}
                        label={entry.name}
                        editHref={`${path}?edit=${entry.id}`}
                        action={entry.id === editing?.id ? path : screen.actionHref}
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
