import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { roundFormFields, roundFormSchema } from "../../domain/fixtures/round.schema.ts";
import { ROUND_MATCHES_MAX } from "../../domain/fixtures/rounds.ts";
import {
  buttonStyles,
  FieldError,
  FormActions,
  FormErrors,
  SelectField,
  TextAreaField,
  TextField,
} from "./form-fields.tsx";

// The round form (ADR 035, rules §2 Rounds; ADR 005): a round day and its matches in one form,
// add or update with ?edit=<id>. The competition is chosen once for every match; each match row
// has an opponent and a kick-off time, and its own Remove button. The day and times are the
// club's (decisions 5). Focus: "Add match" moves to the new row's opponent; "Remove" to the
// next row's opponent (or the previous one, or "Add match" when none is left).

export const roundFormId = (editingId: string | null | undefined) =>
  editingId ? `round-edit-${editingId}` : "round-add";
export const roundFormHeadingId = (editingId: string | null | undefined) =>
  `${roundFormId(editingId)}-heading`;

export interface RoundFormDefaults {
  id: string;
  name: string;
  date: string;
  venueId: string;
  arrivalTime: string;
  competition: string;
  notes: string;
  matches: { id: string; opponent: string; time: string }[];
}

const EMPTY_MATCH = { opponent: "", time: "" };
const rowControl =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600";

export function RoundForm({
  editing,
  venues,
  competitions,
  opponents,
  timeZone,
  lastResult,
  action,
  cancelTo,
}: {
  editing: RoundFormDefaults | null;
  venues: { id: string; name: string }[];
  competitions: string[];
  opponents: string[];
  timeZone: string;
  lastResult: SubmissionResult<string[]> | undefined;
  action: string;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const schema = useMemo(() => roundFormSchema({ timeZone }), [timeZone]);
  const [form, fields] = useForm({
    id: roundFormId(editing?.id),
    lastResult,
    constraint: getZodConstraint(roundFormFields),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    // A new round starts with three rows: a round day is usually two to four matches.
    defaultValue: editing ?? { matches: [EMPTY_MATCH, EMPTY_MATCH, EMPTY_MATCH] },
  });
  const rows = fields.matches.getFieldList();
  const addButton = useRef<HTMLButtonElement>(null);
  // Where the keyboard goes once the rows have changed: the row's index, or the Add button.
  const pendingFocus = useRef<number | "add" | null>(null);
  const rowKeys = rows.map((row) => row.key).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change
  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target === null) return;
    if (target === "add") {
      addButton.current?.focus();
      return;
    }
    const opponent = document.getElementById(rows[target]?.getFieldset().opponent.id ?? "");
    if (opponent instanceof HTMLInputElement) opponent.focus();
  }, [rowKeys]);
  const heading = editing ? `Edit ${editing.name}` : "Add a round day";
  return (
    <section
      aria-labelledby={roundFormHeadingId(editing?.id)}
      className={`rounded-xl bg-white p-5 shadow-sm ring-1 sm:p-6 ${editing ? "ring-2 ring-club" : "ring-slate-200"}`}
    >
      <h2
        id={roundFormHeadingId(editing?.id)}
        tabIndex={-1}
        className="font-display text-2xl font-bold uppercase text-slate-900"
      >
        {heading}
      </h2>
      <Form method="post" action={action} {...getFormProps(form)} className="mt-5 space-y-5">
        {/* Enter in a text field saves (the first submit button is the form's default). */}
        <button type="submit" name="intent" value="save" hidden tabIndex={-1} />
        <FormErrors id={form.errorId} errors={form.errors} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <TextField
          field={fields.name}
          label="Name"
          autoComplete="off"
          hint="As the league calls it, like Round 2."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.date} type="date" label="Day" />
          <TextField
            field={fields.arrivalTime}
            type="time"
            label="Arrival time"
            hint="When the squad should be there. Club time."
          />
        </div>
        <SelectField
          field={fields.venueId}
          label="Venue"
          options={venues.map((venue) => ({ value: venue.id, label: venue.name }))}
          placeholder="Choose a venue"
          hint="Its page, with the access guide, is linked from the round."
        />
        <SelectField
          field={fields.competition}
          label="Competition"
          options={competitions.map((name) => ({ value: name, label: name }))}
          placeholder="Choose a competition"
          hint="Every match of the round is in it."
        />

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-800">Matches</legend>
          <p className="text-sm text-slate-600">
            Each match is its own fixture, with its own result. Kick-off times are club time.
          </p>
          <datalist id="round-opponents">
            {opponents.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <FieldError field={fields.matches} />
          <ol className="space-y-3">
            {rows.map((row, index) => {
              const { id, opponent, time } = row.getFieldset();
              const number = index + 1;
              return (
                <li
                  key={row.key}
                  className="grid grid-cols-[9rem_minmax(0,1fr)] items-start gap-2 rounded-md bg-slate-50 p-2 sm:grid-cols-[minmax(0,1fr)_9rem_auto]"
                >
                  {id.initialValue ? (
                    <input {...getInputProps(id, { type: "hidden" })} key={id.key} />
                  ) : null}
                  {/* On a phone the opponent has the whole row; kick-off and Remove share the next. */}
                  <div className="col-span-2 sm:col-span-1">
                    <label
                      htmlFor={opponent.id}
                      className="block text-sm font-medium text-slate-700"
                    >
                      Match {number}: opponent
                    </label>
                    <input
                      {...getInputProps(opponent, { type: "text" })}
                      key={opponent.key}
                      list="round-opponents"
                      autoComplete="off"
                      className={rowControl}
                    />
                    <FieldError field={opponent} />
                  </div>
                  <div>
                    <label htmlFor={time.id} className="block text-sm font-medium text-slate-700">
                      Kick-off<span className="sr-only"> (match {number})</span>
                    </label>
                    <input
                      {...getInputProps(time, { type: "time" })}
                      key={time.key}
                      className={rowControl}
                    />
                    <FieldError field={time} />
                  </div>
                  <button
                    {...form.remove.getButtonProps({ name: fields.matches.name, index })}
                    onClick={() => {
                      pendingFocus.current =
                        rows.length > 1 ? Math.min(index, rows.length - 2) : "add";
                    }}
                    className="mt-6 inline-flex min-h-11 items-center justify-center rounded-md border border-red-200 bg-white px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
                  >
                    Remove<span className="sr-only"> match {number}</span>
                  </button>
                </li>
              );
            })}
          </ol>
          {rows.length < ROUND_MATCHES_MAX ? (
            <button
              ref={addButton}
              {...form.insert.getButtonProps({
                name: fields.matches.name,
                defaultValue: EMPTY_MATCH,
              })}
              onClick={() => {
                pendingFocus.current = rows.length;
              }}
              className={`${buttonStyles.secondary} text-sm`}
            >
              Add match
            </button>
          ) : null}
        </fieldset>

        <TextAreaField
          field={fields.notes}
          label="Notes"
          rows={4}
          hint="For families and supporters: parking, the order of play, what to bring."
        />
        <FormActions
          editing={Boolean(editing)}
          saving={saving}
          addLabel="Add round"
          updateLabel="Update round"
          cancelTo={cancelTo}
        />
      </Form>
    </section>
  );
}
