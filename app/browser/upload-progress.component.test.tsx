import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { savingText } from "../domain/admin/saving.ts";
import { singleFetchPath, useUploadProgress, withUploadProgress } from "./upload-progress.ts";

// ADR 039: a save with a file is sent by XMLHttpRequest for its upload progress; everything
// else still goes to fetch, and React Router gets an ordinary Response.

/** A stand-in XMLHttpRequest the test drives: the request it was given, and its events. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  body: unknown = null;
  status = 0;
  statusText = "";
  response: Blob | null = null;
  responseType = "";
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  getAllResponseHeaders() {
    return "content-type: text/x-script\r\nx-remix-response: yes\r\n";
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, text: string) {
    this.status = status;
    this.response = new Blob([text]);
    this.onload?.();
  }
}

function Status() {
  const progress = useUploadProgress();
  return <p role="status">{progress ? savingText({ progress, noun: "photo" }) : ""}</p>;
}

afterEach(cleanup);

describe("withUploadProgress", () => {
  it("sends the page's single-fetch POST by XMLHttpRequest, reports its progress and answers a Response", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const fetched = vi.fn(async () => new Response("other"));
    vi.stubGlobal("fetch", fetched);
    const original = window.fetch;
    render(<Status />);
    const body = new FormData();
    body.set("imageFile", new File([new Uint8Array(1000)], "aoife.png"));

    let answered: Response | null = null;
    const saving = withUploadProgress(`${window.location.origin}/admin/team?index`, async () => {
      // What React Router does: fetch the .data address; and a GET meanwhile goes to fetch.
      await window.fetch(`${window.location.origin}/admin/messages.data`);
      answered = await window.fetch(`${window.location.origin}/admin/team.data?index`, {
        method: "POST",
        body,
      });
      return answered.status;
    });
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toContain("/admin/team.data");
    expect(xhr.body).toBe(body);
    expect(fetched).toHaveBeenCalledTimes(1);

    act(() => xhr.progress(690, 1000));
    expect(screen.getByRole("status").textContent).toBe("Saving… uploading photo 60 %");
    act(() => xhr.progress(1000, 1000));
    expect(screen.getByRole("status").textContent).toBe(
      "Saving… photo sent, the server is storing it",
    );
    xhr.answer(202, "[{}]");
    await act(async () => expect(await saving).toBe(202));
    expect(await (answered as unknown as Response).text()).toBe("[{}]");
    expect((answered as unknown as Response).headers.get("x-remix-response")).toBe("yes");
    // Done: fetch is fetch again and nothing is reported.
    expect(window.fetch).toBe(original);
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("a connection that fails is fetch's TypeError, so the form says the photo was not sent", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    FakeXhr.last = null;
    const saving = withUploadProgress(`${window.location.origin}/admin/news`, () =>
      window.fetch(`${window.location.origin}/admin/news.data`, {
        method: "POST",
        body: new FormData(),
      }),
    );
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    (FakeXhr.last as FakeXhr | null)?.onerror?.();
    await expect(saving).rejects.toBeInstanceOf(TypeError);
  });

  it("names the single-fetch address as React Router does", () => {
    expect(singleFetchPath("http://x/admin/team?index")).toBe("/admin/team.data");
    expect(singleFetchPath("http://x/admin/news/")).toBe("/admin/news/_.data");
  });
});
