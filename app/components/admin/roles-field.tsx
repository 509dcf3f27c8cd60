import {
  type FieldMetadata,
  getFormProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from "../../domain/admin/screens.ts";
import { rolesSchema } from "../../domain/auth/auth.schema.ts";
import { FieldError, FormActions, FormErrors } from "./form-fields.tsx";
import { useSaveLock, useSaving } from "./resource/save-lock.tsx";

// rules §6 Roles: the roles of an administrator as a group of check boxes, each with what it
// lets the person do. Used by the invitation and by Edit roles on Administrators.

export function RolesField({
  field,
  legend = "Roles",
}: {
  field: FieldMetadata<Role[] | undefined>;
  legend?: string;
}) {
  const chosen = new Set(
    ([] as unknown[]).concat(field.initialValue ?? []).filter((v) => typeof v === "string"),
  );
  return (
    <fieldset
      aria-describedby={field.errors?.length ? field.errorId : undefined}
      aria-invalid={field.errors?.length ? true : undefined}
    >
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <p className="mt-1 text-sm text-slate-600">Choose one or more.</p>
      <ul className="mt-2 space-y-2">
        {ROLES.map((role) => {
          const id = `${field.id}-${role}`;
          return (
            <li key={role} className="flex gap-3">
              <input
                type="checkbox"
                id={id}
                name={field.name}
                value={role}
                defaultChecked={chosen.has(role)}
                aria-describedby={`${id}-what`}
                className="mt-2.5 size-6 shrink-0 rounded border-slate-400 accent-club"
              />
              <span className="min-h-11">
                <label htmlFor={id} className="block pt-2.5 font-semibold text-slate-800">
                  {ROLE_LABELS[role]}
                </label>
                <span id={`${id}-what`} className="block text-sm text-slate-600">
                  {ROLE_DESCRIPTIONS[role]}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <FieldError field={field as FieldMetadata<unknown>} />
    </fieldset>
  );
}

export const rolesFormId = (id: string) => `roles-${id}`;
export const rolesFormHeadingId = (id: string) => `roles-${id}-heading`;

/** Edit roles (rules §6): the roles of one administrator, saved with the admin module. */
export function RolesForm({
  editing,
  lastResult,
  action,
  cancelTo,
}: {
  editing: { id: string; email: string; roles: Role[] };
  lastResult: SubmissionResult<string[]> | null | undefined;
  action: string;
  cancelTo: string;
}) {
  const saving = useSaving();
  const [form, fields] = useForm({
    id: rolesFormId(editing.id),
    lastResult,
    defaultValue: { id: editing.id, roles: editing.roles },
    constraint: getZodConstraint(rolesSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rolesSchema }),
  });
  // ADR 039: locked while its save is on its way.
  useSaveLock(form.id, saving);
  return (
    <section
      aria-labelledby={rolesFormHeadingId(editing.id)}
      className="mt-6 max-w-xl rounded-xl bg-white p-5 shadow-sm ring-2 ring-club sm:p-6"
    >
      <h2
        id={rolesFormHeadingId(editing.id)}
        tabIndex={-1}
        className="font-display text-2xl font-bold uppercase break-words text-slate-900"
      >
        Roles of {editing.email}
      </h2>
      <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-5">
        <input type="hidden" name="id" value={editing.id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <RolesField field={fields.roles} legend="What they may do" />
        <FormActions
          editing
          saving={saving}
          addLabel=""
          updateLabel="Save roles"
          cancelTo={cancelTo}
        />
      </Form>
    </section>
  );
}
