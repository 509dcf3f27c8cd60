import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef } from "react";
import { Form, Link } from "react-router";
import { club } from "../../config/club.ts";
import { clubTimeInstants } from "../../domain/dates/club-time.ts";
import {
  DEFAULT_MATCH_TYPE,
  type FixtureChoices,
  fixtureFormFields,
  fixtureFormSchema,
  MATCH_FIGURE_MAX,
  MINUTE_MAX,
  MINUTE_MIN,
  matchPlayerRows,
  OTHER,
  PENALTY_MAX,
  SCORE_MAX,
} from "../../domain/fixtures/fixture.schema.ts";
import { FIXTURE_STATUS_LABELS, FIXTURE_STATUSES, isCupType } from "../../domain/fixtures/rules.ts";
import { DEFAULT_HOME_AWAY, HOME_AWAY, HOME_AWAY_LABELS } from "../../domain/fixtures/sides.ts";
import { useClub } from "../site/use-club.ts";
import { useHydrated } from "../site/use-hydrated.ts";
import {
  buttonStyles,
  CheckboxField,
  FieldError,
  FormActions,
  FormErrors,
  RadioGroupField,
  SelectField,
  TextField,
} from "./form-fields.tsx";
import { useListFocus } from "./resource/list-focus.ts";
import { useSaveLock, useSaving } from "./resource/save-lock.tsx";

// The fixture form and result entry (rules §2 Manage Fixtures, §5 Fixture form, Result
// entry; ADR 005). Without JavaScript every field is on the page and the server checks the
// rules; with it, fields that do not apply are left out as the form changes: the custom
// location and type only for 'Other', stages only for cup-type matches, penalties only for
// a level cup-type score, and ticking TBC clears and disables the time.

export interface FixtureFormDefaults {
  id?: string;
  opponent?: string;
  location?: string;
  locationOther?: string;
  homeAway?: string;
  date?: string;
  time?: string;
  timeTbc?: string;
  type?: string;
  typeOther?: string;
  stage?: string;
  status?: string;
  homeScore?: string;
  awayScore?: string;
  pensHome?: string;
  pensAway?: string;
  scorers?: { name: string; minute: string }[];
  players?: ReturnType<typeof matchPlayerRows>;
}

const range = (max: number) =>
  Array.from({ length: max + 1 }, (_, n) => ({ value: String(n), label: String(n) }));
const SCORES = range(SCORE_MAX);
const PENALTIES = range(PENALTY_MAX);
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const HOME_AWAY_OPTIONS = HOME_AWAY.map((value) => ({ value, label: HOME_AWAY_LABELS[value] }));
const STATUS_OPTIONS = FIXTURE_STATUSES.map((value) => ({
  value,
  label: FIXTURE_STATUS_LABELS[value],
}));

export const fixtureFormId = (id: string | null | undefined) => `fixture-form-${id ?? "new"}`;

export function FixtureForm({
  defaults,
  lastResult,
  opponents,
  scorers,
  choices,
  squad,
  action,
  cancelHref,
}: {
  /** The fixture being edited, or null in add mode. */
  defaults: FixtureFormDefaults | null;
  lastResult: SubmissionResult<string[]> | undefined;
  opponents: string[];
  scorers: string[];
  /** The venue and competition lists (decisions 15), each offered with 'Other'. */
  choices: FixtureChoices;
  /** The squad's players in order: a row each in the match details. */
  squad: string[];
  /** Where the form posts: the screen with its list settings. */
  action: string;
  /** Cancel edit: the screen without ?edit. */
  cancelHref: string;
}) {
  const hydrated = useHydrated();
  // decisions 5: the day and time typed are club time (the root loader's Club details); the
  // score fields name the club's side as the fixtures show it (Club details' team name).
  const { timeZone, teamName } = useClub();
  const schema = useMemo(() => fixtureFormSchema({ timeZone }), [timeZone]);
  const editing = Boolean(defaults?.id);
  const [form, fields] = useForm({
    id: fixtureFormId(defaults?.id),
    lastResult,
    defaultValue: {
      type: DEFAULT_MATCH_TYPE,
      homeAway: DEFAULT_HOME_AWAY,
      ...defaults,
      scorers: defaults?.scorers?.length ? defaults.scorers : [{ name: "", minute: "" }],
      players: defaults?.players ?? matchPlayerRows({ squad, recorded: null }),
    },
    constraint: getZodConstraint(fixtureFormFields),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  const type = String(fields.type.value ?? DEFAULT_MATCH_TYPE);
  const effectiveType = type === OTHER ? String(fields.typeOther.value ?? "") : type;
  const cup = isCupType(effectiveType);
  const home = fields.homeScore.value;
  const level = home !== undefined && home !== "" && home === fields.awayScore.value;
  const tbc = fields.timeTbc.value === "on";
  // a time that happens twice (the autumn clock change) asks which.
  const day = String(fields.date.value ?? "");
  const clock = String(fields.time.value ?? "").slice(0, 5);
  const ambiguous =
    !tbc &&
    /^\d{4}-\d{2}-\d{2}$/.test(day) &&
    /^\d{2}:\d{2}$/.test(clock) &&
    clubTimeInstants({ day, time: clock, timeZone }).length > 1;
  const showOccurrence =
    ambiguous || Boolean(fields.occurrence.errors?.length) || Boolean(fields.occurrence.value);
  const show = {
    locationOther: !hydrated || fields.location.value === OTHER,
    typeOther: !hydrated || type === OTHER,
    stage: !hydrated || cup,
    penalties: !hydrated || (cup && level),
  };
  // rules §5: ticking TBC clears the time.
  const wasTbc = useRef(tbc);
  useEffect(() => {
    if (tbc && !wasTbc.current) form.update({ name: fields.time.name, value: "" });
    wasTbc.current = tbc;
  }, [tbc, form, fields.time.name]);
  const saving = useSaving();
  // ADR 039: locked while its save is on its way.
  useSaveLock(form.id, saving);
  const scorerRows = fields.scorers.getFieldList();
  // ADR 039: "Add scorer" puts the keyboard in the new scorer's name; Remove in the next one's.
  const scorerListId = `${form.id}-scorers`;
  const addScorerId = `${form.id}-add-scorer`;
  const scorerFocus = useListFocus({
    listId: scorerListId,
    count: scorerRows.length,
    fallbackId: addScorerId,
  });
  const playerRows = fields.players.getFieldList();
  const detailsRecorded = (defaults?.players ?? []).some((row) => row.played === "on");

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-5">
      {/* Enter in a text field saves (the first submit button is the form's default). */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {defaults?.id ? <input type="hidden" name="id" value={defaults.id} /> : null}

      <TextField
        field={fields.opponent}
        label="Opponent"
        list="opponent-suggestions"
        autoComplete="off"
      />
      <datalist id="opponent-suggestions">
        {opponents.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>

      <SelectField
        field={fields.location}
        label="Location"
        options={options([...choices.venues, OTHER])}
        placeholder="Choose a location"
      />
      {/* Not part of the field's description: a screen reader hears it once, as a link. */}
      <p className="-mt-3 text-sm">
        <Link to="/admin/venues" className="font-semibold text-club underline underline-offset-4">
          Edit the venue list
        </Link>
      </p>
      {show.locationOther ? (
        <TextField
          field={fields.locationOther}
          label="Other location"
          hint={hydrated ? undefined : "Only when the location is Other."}
        />
      ) : null}
      <RadioGroupField
        field={fields.homeAway}
        legend="Home or away"
        options={HOME_AWAY_OPTIONS}
        hint={`Away: the opponent is named first. Scores are always entered as ${teamName}'s and the opponent's.`}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.date} label="Date" type="date" />
        <TextField
          field={fields.time}
          label="Time"
          type="time"
          disabled={hydrated && tbc}
          hint="Club time. Leave empty, or tick TBC, if not known yet."
        />
      </div>
      <CheckboxField field={fields.timeTbc} label="Time to be confirmed (TBC)" />
      {showOccurrence ? (
        <SelectField
          field={fields.occurrence}
          label={`Which ${clock || "time"}? The clocks go back that night`}
          options={[
            { value: "first", label: "The first (summer time)" },
            { value: "second", label: "The second (winter time)" },
          ]}
          placeholder="Choose one"
        />
      ) : null}

      <SelectField
        field={fields.type}
        label="Match type"
        options={options([...choices.competitions, OTHER])}
      />
      {/* Not part of the field's description: a screen reader hears it once, as a link. */}
      <p className="-mt-3 text-sm">
        <Link
          to="/admin/competitions"
          className="font-semibold text-club underline underline-offset-4"
        >
          Edit the competition list
        </Link>
      </p>
      {show.typeOther ? (
        <TextField
          field={fields.typeOther}
          label="Other match type"
          hint={hydrated ? undefined : "Only when the match type is Other."}
        />
      ) : null}
      {show.stage ? (
        <SelectField
          field={fields.stage}
          label="Cup stage"
          options={options(club.cupStages)}
          placeholder="No stage"
          hint={hydrated ? undefined : "Only for cup matches."}
        />
      ) : null}

      <SelectField
        field={fields.status}
        label="Status"
        options={STATUS_OPTIONS}
        hint="A postponed or cancelled match is shown as such and is never the next match. Recording a score makes a scheduled match Played."
      />

      <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 font-display text-lg font-bold uppercase text-slate-900">
          Result
        </legend>
        <p className="text-sm text-slate-600">Leave empty until the match has been played.</p>
        <div className="grid grid-cols-2 gap-4">
          <SelectField
            field={fields.homeScore}
            label={`${teamName} score`}
            options={SCORES}
            placeholder="–"
          />
          <SelectField
            field={fields.awayScore}
            label="Opponent score"
            options={SCORES}
            placeholder="–"
          />
        </div>
        {show.penalties ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-slate-800">
              Penalties
              {hydrated ? null : (
                <span className="font-normal text-slate-600"> (level cup matches only)</span>
              )}
            </legend>
            <div className="grid grid-cols-2 gap-4">
              <SelectField
                field={fields.pensHome}
                label={`${teamName} penalties`}
                options={PENALTIES}
                placeholder="–"
              />
              <SelectField
                field={fields.pensAway}
                label="Opponent penalties"
                options={PENALTIES}
                placeholder="–"
              />
            </div>
          </fieldset>
        ) : null}

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-800">Scorers</legend>
          <datalist id="scorer-suggestions">
            {scorers.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <ol id={scorerListId} className="space-y-3">
            {scorerRows.map((row, index) => {
              const { name, minute } = row.getFieldset();
              const number = index + 1;
              return (
                // On a phone the name has a line of its own: a long name shows whole.
                <li
                  key={row.key}
                  className="grid grid-cols-[6rem_auto] items-start gap-2 sm:grid-cols-[1fr_6rem_auto]"
                >
                  <div className="col-span-2 sm:col-span-1">
                    <label htmlFor={name.id} className="block text-sm font-medium text-slate-700">
                      Scorer {number}
                    </label>
                    <input
                      {...getInputProps(name, { type: "text" })}
                      key={name.key}
                      list="scorer-suggestions"
                      autoComplete="off"
                      className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600"
                    />
                    <FieldError field={name} />
                  </div>
                  <div>
                    <label htmlFor={minute.id} className="block text-sm font-medium text-slate-700">
                      Minute<span className="sr-only"> (scorer {number})</span>
                    </label>
                    <input
                      {...getInputProps(minute, { type: "number" })}
                      key={minute.key}
                      inputMode="numeric"
                      min={MINUTE_MIN}
                      max={MINUTE_MAX}
                      step={1}
                      className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600"
                    />
                    <FieldError field={minute} />
                  </div>
                  <button
                    {...form.remove.getButtonProps({ name: fields.scorers.name, index })}
                    onClick={() => scorerFocus.removed(index)}
                    className="mt-6 inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
                  >
                    Remove<span className="sr-only"> scorer {number}</span>
                  </button>
                </li>
              );
            })}
          </ol>
          <FieldError field={fields.scorers} />
          <button
            {...form.insert.getButtonProps({
              name: fields.scorers.name,
              defaultValue: { name: "", minute: "" },
            })}
            id={addScorerId}
            onClick={scorerFocus.added}
            className={`${buttonStyles.secondary} text-sm`}
          >
            Add scorer
          </button>
        </fieldset>

        {/* optional; once recorded, the season's appearances, assists and
            cards are counted from the results (ADR 016). */}
        <details open={detailsRecorded || undefined} className="rounded-md border border-slate-200">
          <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-semibold text-slate-800">
            Match details (optional): who played, assists, cards
          </summary>
          <fieldset className="space-y-3 p-3">
            <legend className="sr-only">Match details</legend>
            <FieldError field={fields.players} />
            <ul className="space-y-3">
              {playerRows.map((row) => {
                const { name, played, assists, yellowCards, redCards } = row.getFieldset();
                const player = String(name.initialValue ?? "");
                return (
                  <li key={row.key} className="rounded-md bg-slate-50 p-2">
                    <input {...getInputProps(name, { type: "hidden" })} key={name.key} />
                    <div className="flex min-h-11 items-center gap-3">
                      <input
                        {...getInputProps(played, { type: "checkbox" })}
                        key={played.key}
                        className="size-6 rounded border-slate-400 accent-club"
                      />
                      <label htmlFor={played.id} className="text-sm font-semibold text-slate-800">
                        {player} played
                      </label>
                    </div>
                    <FieldError field={played} />
                    <div className="mt-1 grid grid-cols-3 gap-2">
                      {(
                        [
                          [assists, "Assists"],
                          [yellowCards, "Yellow cards"],
                          [redCards, "Red cards"],
                        ] as const
                      ).map(([field, label]) => (
                        <div key={label}>
                          <label
                            htmlFor={field.id}
                            className="block text-xs font-medium text-slate-700"
                          >
                            {label}
                            <span className="sr-only"> ({player})</span>
                          </label>
                          <input
                            {...getInputProps(field, { type: "number" })}
                            key={field.key}
                            inputMode="numeric"
                            min={0}
                            max={MATCH_FIGURE_MAX}
                            step={1}
                            className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2 text-base text-slate-900 aria-[invalid=true]:border-red-600"
                          />
                          <FieldError field={field} />
                        </div>
                      ))}
                    </div>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        </details>
      </fieldset>
      <FormActions
        editing={Boolean(editing)}
        saving={saving}
        addLabel="Add Fixture"
        updateLabel="Update"
        cancelTo={cancelHref}
      />
    </Form>
  );
}
