import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type FormEvent, useRef, useState } from "react";
import { Form } from "react-router";
import { pointsFor } from "../../domain/table/rules.ts";
import {
  EMPTY_TABLE_ROW,
  TABLE_COUNT_MAX,
  tableRowFormFields,
  tableRowFormSchema,
} from "../../domain/table/table.schema.ts";
import { CheckboxField, FormActions, FormErrors, NumberField, TextField } from "./form-fields.tsx";
import { ImageField } from "./image-field.tsx";
import { useSaveLock, useSaving } from "./resource/save-lock.tsx";

/** The name a team's logo file is posted under (the route's `uploads`). */
export const TABLE_LOGO_FILE = "logoFile";

// The league table form (rules §2 Manage League Table, §5 League table form; ADR 005). When
// won or drawn changes, points are worked out again (3 per win + 1 per draw) and can then be
// edited by hand; played follows won + drawn + lost the same way until the administrator types
// a number of their own into it, which is then kept (it used to be overwritten silently) and
// checked against won + drawn + lost, shown beside it. Without JavaScript the server works out
// points left empty and checks that played adds up. The club's own row is worked out from
// its league results (ADR 016) unless "Enter this row by hand" is ticked.

export type TableRowFormDefaults = typeof EMPTY_TABLE_ROW & { id?: string };

const COUNTS = [
  { name: "played", label: "Played" },
  { name: "won", label: "Won" },
  { name: "drawn", label: "Drawn" },
  { name: "lost", label: "Lost" },
  { name: "gf", label: "Goals for" },
  { name: "ga", label: "Goals against" },
  { name: "points", label: "Points" },
] as const;

export const tableRowFormId = (id: string | null | undefined) => `table-row-form-${id ?? "new"}`;

export function TableRowForm({
  defaults,
  lastResult,
  action,
  cancelHref,
  clubRow = false,
}: {
  defaults: TableRowFormDefaults | null;
  lastResult: SubmissionResult<string[]> | undefined;
  action: string;
  cancelHref: string;
  /** Editing the club's own row: it can be worked out from the results or entered by hand. */
  clubRow?: boolean;
}) {
  const editing = Boolean(defaults?.id);
  const [form, fields] = useForm({
    id: tableRowFormId(defaults?.id),
    lastResult,
    defaultValue: defaults ?? EMPTY_TABLE_ROW,
    constraint: getZodConstraint(tableRowFormFields),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: tableRowFormSchema }),
  });

  const start = defaults ?? EMPTY_TABLE_ROW;
  const startSum = Number(start.won) + Number(start.drawn) + Number(start.lost);
  // Played typed by the administrator (or saved not adding up) is theirs: never overwritten.
  const playedTyped = useRef(Number(start.played) !== startSum);
  const [sum, setSum] = useState(startSum);
  const recalculate = (event: FormEvent<HTMLFormElement>) => {
    const changed = event.target instanceof HTMLInputElement ? event.target.name : "";
    if (changed === "played") playedTyped.current = true;
    if (!["won", "drawn", "lost"].includes(changed)) return;
    const values = new FormData(event.currentTarget);
    const count = (name: string) => {
      const n = Number(values.get(name));
      return Number.isInteger(n) && n >= 0 ? n : 0;
    };
    const won = count("won");
    const drawn = count("drawn");
    const total = won + drawn + count("lost");
    setSum(total);
    if (!playedTyped.current) form.update({ name: fields.played.name, value: String(total) });
    if (changed !== "lost") {
      form.update({ name: fields.points.name, value: String(pointsFor({ won, drawn })) });
    }
  };

  const saving = useSaving();
  // ADR 039: locked while its save is on its way.
  useSaveLock(form.id, saving);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={action}
      {...getFormProps(form)}
      onInput={recalculate}
      className="space-y-5"
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      {defaults?.id ? <input type="hidden" name="id" value={defaults.id} /> : null}
      <TextField field={fields.team} label="Team" autoComplete="off" />
      <div className="grid grid-cols-2 items-end gap-4 sm:grid-cols-4">
        {COUNTS.map((count) => (
          <NumberField
            key={count.name}
            field={fields[count.name]}
            label={count.label}
            min={0}
            max={TABLE_COUNT_MAX}
          />
        ))}
      </div>
      <p className="text-sm text-slate-600">
        Points are worked out as 3 per win and 1 per draw when you change won or drawn; you can then
        change them by hand. Played must equal won + drawn + lost (now {sum}).
      </p>
      {clubRow ? (
        <CheckboxField
          field={fields.manual}
          label="Enter this row by hand"
          hint="Unticked, the club's row is worked out from its league results this season and the figures above are not used."
        />
      ) : null}
      <ImageField
        field={fields.logo}
        fileName={TABLE_LOGO_FILE}
        kind="logo"
        legend="Logo"
        urlLabel="Logo URL"
        hint="Without one, the bundled crest is used if there is one."
      />
      <FormActions
        editing={Boolean(editing)}
        saving={saving}
        addLabel="Add Team"
        updateLabel="Update"
        cancelTo={cancelHref}
      />
    </Form>
  );
}
