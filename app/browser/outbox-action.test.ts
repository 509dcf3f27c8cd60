import { UNSAFE_ErrorResponseImpl as ErrorResponse, redirect } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ACTION_FAILED_MESSAGES, SAVE_FAILED_MESSAGES } from "../domain/admin/reply.ts";
import { REQUEST_ID_FIELD } from "../domain/connectivity/outbox.ts";
import { MEDIA_MESSAGES } from "../domain/media/rules.ts";
import {
  keepFormClientAction,
  outboxClientAction,
  outboxShouldRevalidate,
} from "./outbox-action.ts";

// ADR 023: what the admin client actions answer when the server action throws instead of
// replying (React Router's single fetch throws the host's 413, a 401, the route's 500).

function post(fields: Record<string, string>, file?: File): Request {
  const form = new FormData();
  form.set(REQUEST_ID_FIELD, "3d9491e7-edac-4f2c-a33c-1b75964b6da6");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("imageFile", file ?? new File([], ""));
  return new Request("http://club.example/admin/news", { method: "POST", body: form });
}

const photo = () => new File([new Uint8Array(10)], "IMG_2041.JPG", { type: "image/jpeg" });
const throwing = (error: unknown) => () => Promise.reject(error);

describe("outboxClientAction when the save fails (ADR 023)", () => {
  it("a form's save: a 413, a 401, a 4xx with words, a 500 page and a thrown error become refusals that keep the form", async () => {
    vi.stubGlobal("navigator", { onLine: true });
    const cases: [unknown, string, File | undefined][] = [
      [new ErrorResponse(413, "", "Too large."), SAVE_FAILED_MESSAGES.tooLarge, undefined],
      [new ErrorResponse(413, "", "Too large."), SAVE_FAILED_MESSAGES.tooLargeWithFile, photo()],
      [new ErrorResponse(401, "", { error: "Ended." }), SAVE_FAILED_MESSAGES.session, undefined],
      [
        new ErrorResponse(403, "", "You don't have access to News"),
        "You don't have access to News. Nothing was saved, and everything you typed is still in the form.",
        undefined,
      ],
      [new ErrorResponse(500, "", "<!doctype html>…"), SAVE_FAILED_MESSAGES.server, photo()],
      [new Error("Unexpected Server Error"), SAVE_FAILED_MESSAGES.server, undefined],
    ];
    for (const [error, message, file] of cases) {
      const reply = await outboxClientAction({
        request: post({ intent: "save", title: "Cup final" }, file),
        serverAction: throwing(error),
      });
      expect(reply).toMatchObject({ kind: "refused", typed: true, message });
      expect(
        outboxShouldRevalidate({ actionResult: reply, defaultShouldRevalidate: true } as never),
      ).toBe(false);
    }
  });

  it("a row's button says that nothing was changed", async () => {
    const reply = await outboxClientAction({
      request: post({ intent: "delete", id: "3d9491e7-edac-4f2c-a33c-1b75964b6da6" }),
      serverAction: throwing(new Error("Unexpected Server Error")),
    });
    expect(reply).toEqual({
      kind: "refused",
      failed: "server",
      typed: false,
      message: ACTION_FAILED_MESSAGES.server,
    });
  });

  it("a redirect is React Router's to follow; a reply is passed on as it is", async () => {
    const saved = redirect("/admin/news?saved=x&done=created");
    await expect(
      outboxClientAction({ request: post({ title: "Cup final" }), serverAction: throwing(saved) }),
    ).rejects.toBe(saved);
    const refused = { kind: "refused", message: "No." };
    expect(
      await outboxClientAction({
        request: post({ title: "Cup final" }),
        serverAction: () => Promise.resolve(refused),
      }),
    ).toBe(refused);
  });

  it("a photo cut off by a dropped connection is not kept on the device; the form is", async () => {
    vi.stubGlobal("navigator", { onLine: true });
    const reply = await outboxClientAction({
      request: post({ title: "Cup final" }, photo()),
      serverAction: throwing(new TypeError("Failed to fetch")),
    });
    expect(reply).toMatchObject({ failed: "offline", message: MEDIA_MESSAGES.offline });
  });
});

describe("keepFormClientAction (ADR 023: forms that never wait in the outbox)", () => {
  it("keeps the form on a failure and on a dropped connection; passes a reply on", async () => {
    const request = () =>
      new Request("http://club.example/admin/password", {
        method: "POST",
        body: new URLSearchParams({ currentPassword: "a", newPassword: "b" }),
      });
    expect(
      await keepFormClientAction({
        request: request(),
        serverAction: throwing(new ErrorResponse(500, "", "")),
      }),
    ).toMatchObject({ failed: "server", message: SAVE_FAILED_MESSAGES.server });
    expect(
      await keepFormClientAction({
        request: request(),
        serverAction: throwing(new TypeError("Failed to fetch")),
      }),
    ).toMatchObject({ failed: "offline", message: SAVE_FAILED_MESSAGES.offline });
    const reply = { kind: "invalid" };
    expect(
      await keepFormClientAction({
        request: request(),
        serverAction: () => Promise.resolve(reply),
      }),
    ).toBe(reply);
  });
});
