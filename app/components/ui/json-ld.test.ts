import { describe, expect, it } from "vitest";
import { jsonForScript } from "./json-ld.tsx";

describe("jsonForScript", () => {
  it("cannot close the script element or start a comment, and stays the same JSON", () => {
    const value = { headline: "</script><script>alert(1)</script> <!-- x", other: "a\u2028b" };
    const text = jsonForScript(value);
    expect(text).not.toContain("<");
    expect(text).not.toContain("\u2028");
    expect(JSON.parse(text)).toEqual(value);
  });
});
