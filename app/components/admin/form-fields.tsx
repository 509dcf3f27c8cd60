import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SAVE_BUTTON_ATTRIBUTE, SaveStatus } from "./resource/save-lock.tsx";

// The admin forms' fields (ADR 005): a visible label, an optional hint, the control, and the
// server's or browser's error right under it, linked with aria-describedby. One look, one
// behaviour, on every admin screen. Use with Conform's useForm and getZodConstraint so the
// native rules (required, min, max, maxLength) mirror the Zod schema.

const control =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600";

function Label({
  htmlFor,
  children,
  required,
}: {
  htmlFor: string;
  children: ReactNode;
  required?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-semibold text-slate-800">
      {children}
      {required ? null : <span className="font-normal text-slate-500"> (optional)</span>}
    </label>
  );
}

export function FieldError({ field }: { field: FieldMetadata<unknown> }) {
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="mt-1 text-sm font-medium text-red-700">
      {field.errors.join(" ")}
    </p>
  );
}

function Hint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  );
}

type Field = FieldMetadata<string | number | boolean | null | undefined>;

export function TextField({
  field,
  label,
  hint,
  type = "text",
  ...rest
}: {
  field: Field;
  label: string;
  hint?: ReactNode;
  type?: "text" | "url" | "email" | "date" | "time" | "search" | "password";
  list?: string;
  autoComplete?: string;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <div>
      <Label htmlFor={field.id} required={field.required}>
        {label}
      </Label>
      <input
        {...getInputProps(field, { type, ariaDescribedBy: hint ? field.descriptionId : undefined })}
        {...rest}
        className={`${control} min-h-11`}
      />
      <Hint id={field.descriptionId}>{hint}</Hint>
      <FieldError field={field} />
    </div>
  );
}

export function NumberField({
  field,
  label,
  hint,
  min,
  max,
}: {
  field: Field;
  label: string;
  hint?: ReactNode;
  min?: number;
  max?: number;
}) {
  return (
    <div>
      <Label htmlFor={field.id} required={field.required}>
        {label}
      </Label>
      <input
        {...getInputProps(field, {
          type: "number",
          ariaDescribedBy: hint ? field.descriptionId : undefined,
        })}
        inputMode="numeric"
        step={1}
        min={min ?? field.min}
        max={max ?? field.max}
        className={`${control} min-h-11`}
      />
      <Hint id={field.descriptionId}>{hint}</Hint>
      <FieldError field={field} />
    </div>
  );
}

export function TextAreaField({
  field,
  label,
  hint,
  rows = 6,
}: {
  field: Field;
  label: string;
  hint?: ReactNode;
  rows?: number;
}) {
  return (
    <div>
      <Label htmlFor={field.id} required={field.required}>
        {label}
      </Label>
      <textarea
        {...getTextareaProps(field, { ariaDescribedBy: hint ? field.descriptionId : undefined })}
        rows={rows}
        className={`${control} py-2`}
      />
      <Hint id={field.descriptionId}>{hint}</Hint>
      <FieldError field={field} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  hint,
  options,
  placeholder,
}: {
  field: Field;
  label: string;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
}) {
  return (
    <div>
      <Label htmlFor={field.id} required={field.required}>
        {label}
      </Label>
      <select
        {...getSelectProps(field, { ariaDescribedBy: hint ? field.descriptionId : undefined })}
        className={`${control} min-h-11`}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Hint id={field.descriptionId}>{hint}</Hint>
      <FieldError field={field} />
    </div>
  );
}

export function CheckboxField({
  field,
  label,
  hint,
}: {
  field: Field;
  label: string;
  hint?: ReactNode;
}) {
  return (
    <div>
      <div className="flex min-h-11 items-center gap-3">
        <input
          {...getInputProps(field, {
            type: "checkbox",
            ariaDescribedBy: hint ? field.descriptionId : undefined,
          })}
          className="size-6 rounded border-slate-400 accent-club"
        />
        <label htmlFor={field.id} className="text-sm font-semibold text-slate-800">
          {label}
        </label>
      </div>
      <Hint id={field.descriptionId}>{hint}</Hint>
      <FieldError field={field} />
    </div>
  );
}

/**
 * One choice of a few, as radio buttons in a fieldset whose legend is the question: arrow
 * keys move between them, and every choice is a 44 px target with its words beside it.
 */
export function RadioGroupField({
  field,
  legend,
  hint,
  options,
}: {
  field: Field;
  legend: string;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <fieldset
      aria-describedby={
        [hint ? field.descriptionId : "", field.errors?.length ? field.errorId : ""]
          .filter(Boolean)
          .join(" ") || undefined
      }
    >
      <legend className="block text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {options.map((option) => {
          const { key: _key, ...props } = getInputProps(field, {
            type: "radio",
            value: option.value,
            ariaAttributes: false,
          });
          return (
            <label
              key={option.value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-slate-900 has-[:checked]:border-club has-[:checked]:bg-club/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-club"
            >
              <input {...props} id={`${field.id}-${option.value}`} className="size-5 accent-club" />
              {option.label}
            </label>
          );
        })}
      </div>
      <Hint id={field.descriptionId}>{hint}</Hint>
      <FieldError field={field} />
    </fieldset>
  );
}

/** Errors that belong to the whole form (form.errors), announced when they appear. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {errors.join(" ")}
    </div>
  );
}

export const buttonStyles = {
  primary:
    "inline-flex min-h-11 items-center justify-center rounded-md bg-club px-5 font-semibold text-club-contrast hover:opacity-90 aria-disabled:opacity-60",
  secondary:
    "inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-100",
  danger:
    "inline-flex min-h-11 items-center justify-center rounded-md border border-red-200 bg-white px-4 text-sm font-semibold text-red-700 hover:bg-red-50",
} as const;

/**
 * A one-line confirmation after a save, a delete or a restore, announced politely. The live
 * region is always on the page; only its words come and go (screen readers read a region's
 * changes, not a region that appears with its words already in it).
 */
export function StatusMessage({ children }: { children?: ReactNode }) {
  return (
    <div role="status">
      {children ? (
        <p className="rounded-md bg-green-50 px-3 py-2 text-sm font-medium text-green-900">
          {children}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A form's save button (ADR 005): never disabled (focus would fall to the page); while the
 * save is on its way it is `aria-disabled` and a repeat press is ignored (ADR 039).
 */
export function SaveButton({ saving, children }: { saving: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      name="intent"
      value="save"
      className={buttonStyles.primary}
      aria-disabled={saving || undefined}
      {...{ [SAVE_BUTTON_ATTRIBUTE]: "" }}
      onClick={(event) => {
        if (saving) event.preventDefault();
      }}
    >
      {children}
    </button>
  );
}

/**
 * The end of every admin form (ADR 005, rules §4 Edit modes): the save button, whose label
 * becomes the update label in edit mode, Cancel edit, a link back to add mode, and while
 * saving 'Saving…' with the upload's progress (ADR 039).
 */
export function FormActions({
  editing,
  saving,
  addLabel,
  updateLabel,
  cancelTo,
  className = "pt-2",
  children,
}: {
  editing: boolean;
  saving: boolean;
  addLabel: string;
  updateLabel: string;
  cancelTo: string;
  className?: string;
  /** Anything shown after the buttons. */
  children?: ReactNode;
}) {
  return (
    <div className={`flex flex-wrap items-center gap-3 ${className}`}>
      <SaveButton saving={saving}>{editing ? updateLabel : addLabel}</SaveButton>
      {editing ? (
        <Link
          to={cancelTo}
          aria-disabled={saving || undefined}
          onClick={(event) => {
            // Leaving edit mode while the save is on its way would start the form again.
            if (saving) event.preventDefault();
          }}
          className={buttonStyles.secondary}
        >
          Cancel edit
        </Link>
      ) : null}
      {children}
      <SaveStatus saving={saving} />
    </div>
  );
}
