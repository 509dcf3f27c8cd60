import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import placeholder from "../../assets/news-placeholder.svg";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import {
  buttonStyles,
  FormActions,
  FormErrors,
  TextAreaField,
  TextField,
} from "../../components/admin/form-fields.tsx";
import {
  outboxClientAction,
  outboxShouldRevalidate,
} from "../../components/admin/outbox-action.ts";
import { UndoNotice } from "../../components/admin/undo-notice.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { club } from "../../config/club.ts";
import { requireAdministrator } from "../../domain/auth/session.server.ts";
import { appliedOnce } from "../../domain/connectivity/request-ids.server.ts";
import { formatShortDateTime } from "../../domain/dates/format.ts";
import { parseForm } from "../../domain/forms/parse-form.ts";
import { newsFormSchema, newsPageSchema } from "../../domain/news/news.schema.ts";
import {
  createNews,
  deleteNews,
  findNews,
  type NewsDetail,
  type NewsItem,
  newsCategories,
  newsPage,
  restoreNews,
  updateNews,
} from "../../domain/news/news.server.ts";
import { ADMIN_NEWS_PAGE_SIZE, newsPagePath } from "../../domain/news/rules.ts";
import type { Route } from "./+types/news";

// Manage News (SPEC §2, §4 Edit modes, ADR 005): the form (add, or update with ?edit=<id>),
// the list newest first a page at a time, Edit and Delete, and Undo after a delete.

export const meta: Route.MetaFunction = () => [
  { title: `Manage News | ${club.shortName} admin` },
  { name: "robots", content: "noindex" },
];

const SCREEN = "/admin/news";

const DONE_MESSAGES = {
  created: "News item created.",
  updated: "News item updated.",
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdministrator(request);
  const url = new URL(request.url);
  const requested = newsPageSchema.safeParse(url.searchParams.get("page") || undefined);
  if (!requested.success) throw data(null, { status: 404 });
  const editId = url.searchParams.get("edit");
  const editing = editId ? await findNews({ id: editId }) : null;
  if (editId && !editing) throw data(null, { status: 404 });
  let page = requested.data;
  let list = await newsPage({ page, pageSize: ADMIN_NEWS_PAGE_SIZE });
  // After deleting the last item of the last page, show the page before it.
  if (page > list.pages) {
    page = list.pages;
    list = await newsPage({ page, pageSize: ADMIN_NEWS_PAGE_SIZE });
  }
  const done = url.searchParams.get("done");
  return {
    page,
    pages: list.pages,
    total: list.total,
    news: list.items,
    editing,
    categories: await newsCategories(),
    done: done && done in DONE_MESSAGES ? (done as keyof typeof DONE_MESSAGES) : null,
    savedId: url.searchParams.get("item"),
  };
}

const otherIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
  z.object({ intent: z.literal("undo"), token: z.uuid() }),
]);

const quoted = (title: string) => `“${title}”`;

export const action = appliedOnce(async ({ request }: Route.ActionArgs) => {
  await requireAdministrator(request);
  const formData = await request.formData();
  if (formData.get("intent") === "save") {
    const submission = parseForm(formData, { schema: newsFormSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { id, ...input } = submission.value;
    if (!id) {
      const created = await createNews(input);
      return redirect(`${SCREEN}?done=created&item=${created.id}`);
    }
    const updated = await updateNews({ id, input });
    if (!updated) {
      return data(
        submission.reply({
          formErrors: [
            "This news item no longer exists: it may have been deleted. Nothing was saved.",
          ],
        }),
        { status: 404 },
      );
    }
    const page = new URL(request.url).searchParams.get("page");
    return redirect(
      `${SCREEN}?done=updated&item=${id}${page && page !== "1" ? `&page=${encodeURIComponent(page)}` : ""}`,
    );
  }

  const parsed = otherIntents.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return data({ refused: "That request was not understood." }, { status: 400 });
  }
  const input = parsed.data;
  if (input.intent === "delete") {
    const deleted = await deleteNews({ id: input.id });
    if (!deleted) return data({ refused: "That news item no longer exists." }, { status: 404 });
    return { undo: { token: deleted.token, label: quoted(deleted.item.title) } };
  }
  const restored = await restoreNews({ token: input.token });
  if (!restored) {
    return data({ refused: "This news item can no longer be restored." }, { status: 410 });
  }
  return { restored: `${quoted(restored.title)} restored.` };
});

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

type ActionData = Route.ComponentProps["actionData"];

/** The save's reply for the form (ADR 005), when the last action was a save that failed. */
function saveResult(actionData: ActionData): SubmissionResult<string[]> | undefined {
  if (!actionData || "undo" in actionData || "restored" in actionData || "refused" in actionData) {
    return undefined;
  }
  return actionData;
}

export default function ManageNews({ loaderData, actionData }: Route.ComponentProps) {
  const { page, pages, total, news, editing, categories, done, savedId } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const undo = actionData && "undo" in actionData ? actionData.undo : undefined;
  const status =
    actionData && "restored" in actionData
      ? actionData.restored
      : done && !actionData
        ? DONE_MESSAGES[done]
        : null;
  const listPath = (n: number) => newsPagePath({ page: n, base: SCREEN });
  const editPath = (id: string) => `${SCREEN}?${page > 1 ? `page=${page}&` : ""}edit=${id}`;
  // A new key after every save or change of mode: the form starts again from its defaults.
  const formKey = `${editing?.id ?? "new"}|${done ?? ""}|${savedId ?? ""}`;

  return (
    <>
      <AdminPageHeader
        title="Manage News"
        intro="Stories appear on the website at once, newest first. The three newest are on the home page."
        error={actionData && "refused" in actionData ? actionData.refused : null}
        status={status}
      />

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
        <NewsForm
          key={formKey}
          editing={editing}
          categories={categories}
          lastResult={saveResult(actionData)}
          cancelTo={listPath(page)}
        />

        <section aria-labelledby="news-list-title">
          <h2
            id="news-list-title"
            className="font-display text-2xl font-bold uppercase text-slate-900"
          >
            All news <span className="text-slate-500">({total})</span>
          </h2>
          {pages > 1 ? (
            <p className="mt-1 text-sm text-slate-600">
              {`Page ${page} of ${pages}, newest first.`}
            </p>
          ) : null}
          {news.length === 0 ? (
            <p className="mt-4 rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
              No news yet. Write the first story with the form.
            </p>
          ) : (
            <ul className="mt-4 space-y-3" aria-busy={navigation.state !== "idle"}>
              {news.map((item) => (
                <NewsRow
                  key={item.id}
                  item={item}
                  editing={editing?.id === item.id}
                  justSaved={savedId === item.id}
                  editTo={editPath(item.id)}
                  // Deleting the item being edited leaves edit mode: there is nothing to edit.
                  deleteAction={
                    editing?.id === item.id
                      ? listPath(page)
                      : `${location.pathname}${location.search}`
                  }
                />
              ))}
            </ul>
          )}
          <div className="mt-6">
            <Pagination page={page} pages={pages} hrefFor={listPath} label="News list pages" />
          </div>
        </section>
      </div>
      <UndoNotice offer={undo} />
    </>
  );
}

function NewsForm({
  editing,
  categories,
  lastResult,
  cancelTo,
}: {
  editing: NewsDetail | null;
  categories: string[];
  lastResult: SubmissionResult<string[]> | undefined;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useForm({
    id: editing ? `news-edit-${editing.id}` : "news-add",
    lastResult,
    constraint: getZodConstraint(newsFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsFormSchema }),
    defaultValue: editing
      ? {
          id: editing.id,
          title: editing.title,
          content: editing.content,
          image: editing.image ?? "",
          category: editing.category ?? "",
        }
      : undefined,
  });

  // Edit moves the keyboard and screen reader to the form it filled.
  useEffect(() => {
    if (editing) document.getElementById(fields.title.id)?.focus();
  }, [editing, fields.title.id]);

  const listId = `${form.id}-categories`;
  return (
    <section
      aria-labelledby={`${form.id}-heading`}
      className={`rounded-xl bg-white p-5 shadow-sm ring-1 sm:p-6 lg:sticky lg:top-6 ${editing ? "ring-2 ring-club" : "ring-slate-200"}`}
    >
      <h2
        id={`${form.id}-heading`}
        className="font-display text-2xl font-bold uppercase text-slate-900"
      >
        {editing ? "Edit news" : "Add news"}
      </h2>
      {editing ? (
        <p className="mt-1 text-sm text-slate-600">
          Editing {quoted(editing.title)}. The date stays as it is.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">The story is dated when you add it.</p>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-5 space-y-5">
        <FormErrors id={form.errorId} errors={form.errors} />
        {editing ? <input {...getInputProps(fields.id, { type: "hidden" })} /> : null}
        <TextField field={fields.title} label="Title" />
        <TextAreaField
          field={fields.content}
          label="Content"
          rows={9}
          hint="A blank line starts a new paragraph."
        />
        <TextField
          field={fields.image}
          label="Image URL"
          hint="A web address (https://…) or a path on this site (/images/…). Without one, the club's placeholder is shown."
          placeholder="https://"
          autoComplete="off"
        />
        <TextField
          field={fields.category}
          label="Category"
          hint="For example Match report or Club news."
          list={categories.length > 0 ? listId : undefined}
          autoComplete="off"
        />
        {categories.length > 0 ? (
          <datalist id={listId}>
            {categories.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
        ) : null}
        <FormActions
          editing={Boolean(editing)}
          saving={saving}
          addLabel="Add News"
          updateLabel="Update News"
          cancelTo={cancelTo}
          className="pt-1"
        >
          {saving ? (
            <span role="status" className="text-sm text-slate-600">
              Saving…
            </span>
          ) : null}
        </FormActions>
      </Form>
    </section>
  );
}

function NewsRow({
  item,
  editing,
  justSaved,
  editTo,
  deleteAction,
}: {
  item: NewsItem;
  editing: boolean;
  justSaved: boolean;
  editTo: string;
  deleteAction: string;
}) {
  const highlighted = editing || justSaved;
  return (
    <li>
      <article
        aria-labelledby={`news-${item.id}`}
        className={`flex gap-4 rounded-xl bg-white p-4 shadow-sm ${highlighted ? "ring-2 ring-club" : "ring-1 ring-slate-200"}`}
      >
        <img
          src={item.image || placeholder}
          alt=""
          width={96}
          height={54}
          loading="lazy"
          className="hidden aspect-video w-24 shrink-0 self-start rounded-md bg-club object-cover sm:block"
        />
        <div className="min-w-0 flex-1">
          <h3 id={`news-${item.id}`} className="font-semibold break-words text-slate-900">
            {item.title}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            {item.date ? (
              <time dateTime={item.date.toISOString()}>{formatShortDateTime(item.date)}</time>
            ) : (
              "No date"
            )}
            {item.category ? <> · {item.category}</> : null}
            {editing ? <span className="font-semibold text-club"> · Editing</span> : null}
          </p>
          <p className="mt-1 line-clamp-2 text-sm break-words text-slate-700">{item.content}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {/* Each control names its story for screen readers: "Edit: <title>". */}
            <Link
              to={editTo}
              aria-label={`Edit: ${item.title}`}
              className={`${buttonStyles.secondary} text-sm`}
            >
              Edit
            </Link>
            <Form method="post" action={deleteAction}>
              <input type="hidden" name="id" value={item.id} />
              <button
                type="submit"
                name="intent"
                value="delete"
                aria-label={`Delete: ${item.title}`}
                className={buttonStyles.danger}
              >
                Delete
              </button>
            </Form>
            <Link
              to={`/news/${item.id}`}
              aria-label={`View: ${item.title}`}
              className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-club underline-offset-4 hover:underline"
            >
              View
            </Link>
          </div>
        </div>
      </article>
    </li>
  );
}
