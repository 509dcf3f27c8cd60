import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import {
  createRoutesStub,
  data,
  UNSAFE_ErrorResponseImpl as ErrorResponse,
  redirect,
  useActionData,
  useLoaderData,
} from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { outboxClientAction } from "../../../browser/outbox-action.ts";
import {
  ACTION_FAILED_MESSAGES,
  type AdminReply,
  SAVE_FAILED_MESSAGES,
  savedReplyFromUrl,
} from "../../../domain/admin/reply.ts";
import { AdminPageHeader } from "../admin-shell.tsx";
import { NewsForm, newsFormHeadingId, newsFormId } from "../news-form.tsx";
import { rowDomId, SCREEN_ERROR_ID } from "./ids.ts";
import { RowActions } from "./row-actions.tsx";
import { useAdminReply } from "./use-admin-reply.ts";

// The admin form states (ADR 005), rendered with React Router's createRoutesStub: the real
// news form, the real hook and row actions, with loaders and actions that answer the
// admin reply the server would. A screen built like app/routes/admin/news.tsx.

const ID = "3d9491e7-edac-4f2c-a33c-1b75964b6da6";
const MESSAGES = { created: "News item created.", updated: "News item updated." };

interface Item {
  id: string;
  title: string;
}

function Screen() {
  const { items, saved } = useLoaderData() as { items: Item[]; saved: AdminReply | null };
  const actionData = useActionData();
  const state = useAdminReply({
    actionData,
    saved,
    editingId: null,
    formId: newsFormId(null),
    formHeadingId: newsFormHeadingId(null),
  });
  return (
    <>
      <AdminPageHeader title="Manage News" intro="Stories." screen={state} />
      <NewsForm
        key={state.formKey}
        editing={null}
        categories={[]}
        matches={[]}
        lastResult={state.lastResult}
        action={state.actionHref}
        cancelTo="/admin/news"
      />
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <article id={rowDomId(item.id)} tabIndex={-1} aria-label={item.title}>
              <RowActions
                id={item.id}
                label={item.title}
                editHref={`/admin/news?edit=${item.id}`}
                action={state.actionHref}
              />
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Renders the screen with an action that answers `reply` to any post. */
function renderScreen(reply: (form: FormData) => unknown, items: Item[] = []) {
  const Stub = createRoutesStub([
    {
      path: "/admin/news",
      Component: Screen,
      loader: ({ request }) => ({
        items,
        saved: savedReplyFromUrl({ url: new URL(request.url), messages: MESSAGES }),
      }),
      action: async ({ request }) => reply(await request.formData()),
    },
  ]);
  return render(<Stub initialEntries={["/admin/news"]} />);
}

/** The screen's confirmation region (the outbox has a live region of its own after it). */
const confirmation = () => screen.getAllByRole("status")[0] as HTMLElement;

const typeInto = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

afterEach(cleanup);

describe("the admin form states", () => {
  it("an invalid reply shows the server's field errors and moves focus to the field", async () => {
    renderScreen(() =>
      data(
        {
          kind: "invalid",
          submission: {
            status: "error",
            initialValue: { title: "Cup draw", content: "Words." },
            error: { title: ["A story with this title was published today."] },
          },
        } satisfies AdminReply,
        { status: 400 },
      ),
    );
    const title = await screen.findByLabelText("Title");
    typeInto("Title", "Cup draw");
    typeInto("Content", "Words.");
    fireEvent.click(screen.getByRole("button", { name: "Add News" }));
    await waitFor(() => expect(title.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("A story with this title was published today.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Title"));
    // What was typed stays.
    expect((screen.getByLabelText("Content") as HTMLTextAreaElement).value).toBe("Words.");
  });

  it("an add empties the form, announces it and puts focus on 'Add another', one key from the form (ADR 039)", async () => {
    const items = [{ id: ID, title: "Cup draw" }];
    renderScreen(() => redirect(`/admin/news?saved=${ID}&done=created`), items);
    await screen.findByLabelText("Title");
    typeInto("Title", "Cup draw");
    typeInto("Content", "Words.");
    fireEvent.click(screen.getByRole("button", { name: "Add News" }));
    const another = await screen.findByRole("button", { name: "Add another" });
    await waitFor(() => expect(document.activeElement).toBe(another));
    await waitFor(() => expect(confirmation().textContent).toBe("News item created."));
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("");
    fireEvent.click(another);
    expect(document.activeElement).toBe(screen.getByLabelText("Title"));
  });

  it("an update focuses the saved row, with no 'Add another'", async () => {
    const items = [{ id: ID, title: "Cup draw" }];
    renderScreen(() => redirect(`/admin/news?saved=${ID}&done=updated`), items);
    await screen.findByLabelText("Title");
    typeInto("Title", "Cup draw");
    typeInto("Content", "Words.");
    fireEvent.click(screen.getByRole("button", { name: "Add News" }));
    await waitFor(() => expect(document.activeElement?.id).toBe(rowDomId(ID)));
    expect(screen.queryByRole("button", { name: "Add another" })).toBeNull();
  });

  it("the live region is on the page before its message is put in it", async () => {
    const items = [{ id: ID, title: "Cup draw" }];
    renderScreen(() => redirect(`/admin/news?saved=${ID}&done=updated`), items);
    await screen.findByLabelText("Title");
    const region = confirmation();
    expect(region.textContent).toBe("");
    typeInto("Title", "Cup draw");
    typeInto("Content", "Words.");
    fireEvent.click(screen.getByRole("button", { name: "Add News" }));
    await waitFor(() => expect(region.textContent).toBe("News item updated."));
    // The same element: a screen reader hears the change of its words.
    expect(confirmation()).toBe(region);
  });

  it("an untouched form shows no errors after a delete reply; focus is on Undo", async () => {
    const items = [{ id: ID, title: "Cup draw" }];
    renderScreen(
      () =>
        ({
          kind: "deleted",
          id: ID,
          message: "“Cup draw” deleted.",
          undo: { token: "8c8f6c7e-4d1c-4b43-9a55-0d3c1c1b2a10", label: "“Cup draw”" },
        }) satisfies AdminReply,
      items,
    );
    const title = await screen.findByLabelText("Title");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Delete: Cup draw" }));
    });
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Undo"));
    expect(title.getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByText("Please enter a title.")).toBeNull();
    expect(screen.getByRole("region", { name: "Undo delete" }).textContent).toContain(
      "“Cup draw” deleted.",
    );
  });

  it("Escape dismisses the Undo notice and puts focus on the row that took the deleted one's place (ADR 039)", async () => {
    const NEXT = "0f4b7a52-5d0e-4a8e-9b55-3c7c8a3f1e21";
    let items = [
      { id: ID, title: "Cup draw" },
      { id: NEXT, title: "Training moved" },
    ];
    const Stub = createRoutesStub([
      {
        path: "/admin/news",
        Component: Screen,
        loader: () => ({ items, saved: null }),
        action: () => {
          items = items.filter((item) => item.id !== ID);
          return {
            kind: "deleted",
            id: ID,
            message: "“Cup draw” deleted.",
            undo: { token: "8c8f6c7e-4d1c-4b43-9a55-0d3c1c1b2a10", label: "“Cup draw”" },
          } satisfies AdminReply;
        },
      },
    ]);
    render(<Stub initialEntries={["/admin/news"]} />);
    await screen.findByLabelText("Title");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Delete: Cup draw" }));
    });
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Undo"));
    fireEvent.keyDown(document.activeElement as Element, { key: "Escape" });
    expect(screen.queryByRole("region", { name: "Undo delete" })).toBeNull();
    expect(document.activeElement?.id).toBe(rowDomId(NEXT));
  });

  it("while the save is on its way the fields are locked and it says 'Saving…'; a failure unlocks them as typed (ADR 039)", async () => {
    let answer: (value: unknown) => void = () => {};
    renderScreen(() => new Promise((resolve) => (answer = resolve)));
    await screen.findByLabelText("Title");
    typeInto("Title", "Cup draw");
    typeInto("Content", "Words.");
    fireEvent.click(screen.getByRole("button", { name: "Add News" }));
    const title = screen.getByLabelText("Title") as HTMLInputElement;
    const content = screen.getByLabelText("Content") as HTMLTextAreaElement;
    const button = screen.getByRole("button", { name: "Add News" }) as HTMLButtonElement;
    await waitFor(() => expect(title.disabled).toBe(true));
    expect(content.disabled).toBe(true);
    expect(button.disabled).toBe(false);
    expect(title.form?.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByText("Saving…")).toBeTruthy();
    await act(async () => answer({ kind: "refused", message: "No." } satisfies AdminReply));
    await waitFor(() => expect(title.disabled).toBe(false));
    expect(content.disabled).toBe(false);
    expect(title.form?.hasAttribute("aria-busy")).toBe(false);
    expect(title.value).toBe("Cup draw");
    expect(screen.queryByText("Saving…")).toBeNull();
  });

  it("the submit button keeps focus while saving: aria-disabled, never disabled", async () => {
    let answer: (value: unknown) => void = () => {};
    renderScreen(() => new Promise((resolve) => (answer = resolve)));
    await screen.findByLabelText("Title");
    typeInto("Title", "Cup draw");
    typeInto("Content", "Words.");
    const button = screen.getByRole("button", { name: "Add News" }) as HTMLButtonElement;
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute("aria-disabled")).toBe("true"));
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    await act(async () => answer({ kind: "refused", message: "No." } satisfies AdminReply));
  });

  // ADR 023: what the server action throws instead of replying, as React Router's single
  // fetch hands it to the client action: the host's 413, a 401, the route's 500.
  const failures: [string, () => unknown, string][] = [
    [
      "the host's 413",
      () => new ErrorResponse(413, "Payload Too Large", "This form is too large to send."),
      SAVE_FAILED_MESSAGES.tooLarge,
    ],
    [
      "a 401",
      () => new ErrorResponse(401, "", { error: "Your session has ended." }),
      SAVE_FAILED_MESSAGES.session,
    ],
    ["the route's 500", () => new Error("Unexpected Server Error"), SAVE_FAILED_MESSAGES.server],
    [
      "a 500 page from the host",
      () => new ErrorResponse(500, "", "<!doctype html><h1>Something went wrong</h1>"),
      SAVE_FAILED_MESSAGES.server,
    ],
  ];
  for (const [name, thrown, message] of failures) {
    it(`a save that fails with ${name} after an earlier save keeps every field as typed, says why and focuses it`, async () => {
      const items = [{ id: ID, title: "Cup draw" }];
      let posts = 0;
      const Stub = createRoutesStub([
        {
          path: "/admin/news",
          Component: Screen,
          loader: ({ request }) => ({
            items,
            saved: savedReplyFromUrl({ url: new URL(request.url), messages: MESSAGES }),
          }),
          // The route's clientAction, around a server action that throws on the second post.
          action: ({ request }) =>
            outboxClientAction({
              request,
              serverAction: async () => {
                posts += 1;
                if (posts === 1) throw redirect(`/admin/news?saved=${ID}&done=created`);
                throw thrown();
              },
            }),
        },
      ]);
      render(<Stub initialEntries={["/admin/news"]} />);
      await screen.findByLabelText("Title");
      typeInto("Title", "Cup draw");
      typeInto("Content", "Words.");
      fireEvent.click(screen.getByRole("button", { name: "Add News" }));
      await waitFor(() => expect(confirmation().textContent).toBe("News item created."));
      expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("");

      typeInto("Title", "Second story");
      typeInto("Content", "More words.");
      fireEvent.click(screen.getByRole("button", { name: "Add News" }));
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toBe(message);
      await waitFor(() => expect(document.activeElement?.id).toBe(SCREEN_ERROR_ID));
      expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Second story");
      expect((screen.getByLabelText("Content") as HTMLTextAreaElement).value).toBe("More words.");
    });
  }

  it("a row's Delete that fails says nothing was changed; focus stays on the button, the form as typed", async () => {
    const items = [{ id: ID, title: "Cup draw" }];
    const Stub = createRoutesStub([
      {
        path: "/admin/news",
        Component: Screen,
        loader: () => ({ items, saved: null }),
        action: ({ request }) =>
          outboxClientAction({
            request,
            serverAction: () => Promise.reject(new Error("Unexpected Server Error")),
          }),
      },
    ]);
    render(<Stub initialEntries={["/admin/news"]} />);
    await screen.findByLabelText("Title");
    typeInto("Title", "Half a story");
    const remove = screen.getByRole("button", { name: "Delete: Cup draw" });
    remove.focus();
    fireEvent.click(remove);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(ACTION_FAILED_MESSAGES.server);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete: Cup draw" }));
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Half a story");
  });
});
