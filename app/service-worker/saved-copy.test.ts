import { describe, expect, it } from "vitest";
import { PUBLIC_OFFLINE_NOTICE } from "../domain/connectivity/rules.ts";
import { withSavedCopyNotice } from "./saved-copy.ts";

describe("withSavedCopyNotice (ADR 019)", () => {
  it("puts the notice right after the site header, a child of the body", () => {
    const html =
      '<html><body><a href="#main">Skip</a><header data-site-header="" class="x"><nav><ul><li>Home</li></ul></nav></header><main id="main">Page</main></body></html>';
    const marked = withSavedCopyNotice(html);
    expect(marked).toContain(
      `</header><aside data-offline-copy-notice="" role="status"><p class="`,
    );
    expect(marked).toContain(`>${PUBLIC_OFFLINE_NOTICE}</p></aside><main id="main">`);
    expect(marked.replace(/<aside data-offline-copy-notice[\s\S]*?<\/aside>/, "")).toBe(html);
  });

  it("puts it first in the body of a page without the site header", () => {
    const marked = withSavedCopyNotice('<html><body class="b"><main>Page</main></body></html>');
    expect(marked).toMatch(
      /^<html><body class="b"><aside data-offline-copy-notice="" role="status">/,
    );
  });
});
