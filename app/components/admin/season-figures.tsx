import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import {
  FIGURE_FIELDS,
  FIGURE_MAX,
  type seasonFiguresFormDefaults,
  seasonFiguresFormSchema,
} from "../../domain/seasons/figures.schema.ts";
import type { PlayerFigures, RecordedFigures } from "../../domain/seasons/rules.ts";
import { buttonStyles, FormActions, FormErrors, NumberField } from "./form-fields.tsx";
import { rowDomId } from "./resource/ids.ts";
import { useSaveLock, useSaving } from "./resource/save-lock.tsx";

// A past season's player figures (ADR 016): the form for one player's hand-entered figures
// and the list of players with the figures the public pages show for that season. A figure
// the season's results record is counted from them; the form says so next to it.

export const FIGURES_FORM_ID = "season-figures-form";

/** Whether the results decide this figure in the season (then the typed one is not shown). */
const fromResults = (name: keyof PlayerFigures, recorded: RecordedFigures) =>
  name === "goals" ? recorded.goals : recorded.details;

export function SeasonFiguresForm({
  defaults,
  lastResult,
  action,
  cancelHref,
  recorded,
}: {
  defaults: ReturnType<typeof seasonFiguresFormDefaults>;
  lastResult: SubmissionResult<string[]> | undefined;
  action: string;
  cancelHref: string;
  recorded: RecordedFigures;
}) {
  const [form, fields] = useForm({
    id: FIGURES_FORM_ID,
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(seasonFiguresFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: seasonFiguresFormSchema }),
  });
  const saving = useSaving();
  // ADR 039: locked while its save is on its way.
  useSaveLock(form.id, saving);
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-5">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="id" value={defaults.id} />
      <div className="grid grid-cols-2 items-end gap-4 sm:grid-cols-3">
        {FIGURE_FIELDS.map(({ name, label }) => (
          <NumberField
            key={name}
            field={fields[name]}
            label={label}
            min={0}
            max={FIGURE_MAX}
            hint={
              fromResults(name, recorded)
                ? "Counted from this season's results: this number is kept but not shown."
                : undefined
            }
          />
        ))}
      </div>
      <FormActions
        editing
        saving={saving}
        addLabel="Save figures"
        updateLabel="Save figures"
        cancelTo={cancelHref}
      />
    </Form>
  );
}

export interface ListedPlayer {
  id: string;
  name: string;
  /** The figures the public pages show for the season. */
  shown: PlayerFigures;
}

export function SeasonFiguresList({
  players,
  editingId,
  editHref,
  readOnly,
}: {
  players: ListedPlayer[];
  editingId: string | null;
  editHref: (id: string) => string;
  readOnly: boolean;
}) {
  return (
    <section
      aria-labelledby="figures-list-title"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2
        id="figures-list-title"
        className="font-display text-2xl font-extrabold uppercase text-slate-900"
      >
        Players
      </h2>
      <p className="text-sm text-slate-600">As the public pages show them for this season.</p>
      {players.length === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 px-4 py-8 text-center text-slate-700">
          No players in the squad.
        </p>
      ) : (
        <ul aria-labelledby="figures-list-title" className="mt-4 space-y-3">
          {players.map((player) => (
            <li key={player.id}>
              <article
                id={rowDomId(player.id)}
                tabIndex={-1}
                aria-labelledby={`figures-${player.id}`}
                aria-current={player.id === editingId ? "true" : undefined}
                className={`rounded-lg border p-4 ${player.id === editingId ? "border-club ring-2 ring-club" : "border-slate-200"}`}
              >
                <h3 id={`figures-${player.id}`} className="text-lg font-bold text-slate-900">
                  {player.name}
                </h3>
                <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                  {FIGURE_FIELDS.map(({ name, label }) => (
                    <div key={name} className="flex gap-1">
                      <dt>{label}</dt>
                      <dd className="font-semibold tabular-nums text-slate-900">
                        {player.shown[name]}
                      </dd>
                    </div>
                  ))}
                </dl>
                {readOnly ? null : (
                  <Link
                    to={editHref(player.id)}
                    aria-label={`Edit figures: ${player.name}`}
                    className={`${buttonStyles.secondary} mt-3 text-sm`}
                  >
                    Edit
                  </Link>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
