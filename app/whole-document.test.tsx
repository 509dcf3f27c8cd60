import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { renderWholeDocument } from "./whole-document.tsx";

const options = { timeoutMs: 5_000, onError: () => {} };

// Work that arrived while React rendered: queued from inside the render, as a request's
// callback would be.
const arrived: string[] = [];
function ArrivesDuringRender() {
  setImmediate(() => arrived.push("another request answered"));
  return <p>last</p>;
}

function Fails(): never {
  throw new Error("this part failed");
}

describe("renderWholeDocument (ADR 030, ADR 042)", () => {
  it("writes the finished document out a turn after React's render", async () => {
    arrived.length = 0;
    const { html } = await renderWholeDocument(
      <main>
        <h1>Page</h1>
        <ArrivesDuringRender />
      </main>,
      options,
    );
    arrived.push("document written");
    expect(html).toBe("<main><h1>Page</h1><p>last</p></main>");
    expect(arrived).toEqual(["another request answered", "document written"]);
  });

  it("says a part failed, and tells onError", async () => {
    const errors: unknown[] = [];
    const { html, failed } = await renderWholeDocument(
      <main>
        <Suspense fallback={<p>fallback</p>}>
          <Fails />
        </Suspense>
      </main>,
      { ...options, onError: (error) => errors.push(error) },
    );
    expect(failed).toBe(true);
    expect(html).toContain("fallback");
    expect(errors).toHaveLength(1);
  });
});
