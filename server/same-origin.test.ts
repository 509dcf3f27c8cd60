import { describe, expect, it } from "vitest";
import { isOneClickUnsubscribe, isSameOrigin } from "./same-origin.ts";

describe("isSameOrigin", () => {
  const site = { protocol: "https", host: "club.example" };

  it("accepts this site's own origin, and requests without an Origin", () => {
    expect(isSameOrigin({ ...site, origin: "https://club.example" })).toBe(true);
    expect(isSameOrigin({ ...site, origin: undefined })).toBe(true);
  });

  it("refuses other sites, other ports and schemes, and opaque origins", () => {
    for (const origin of [
      "https://evil.example",
      "http://club.example",
      "https://club.example:8443",
      "https://club.example.evil.example",
      "null",
    ]) {
      expect(isSameOrigin({ ...site, origin }), origin).toBe(false);
    }
  });
});

describe("isOneClickUnsubscribe (RFC 8058, ADR 032)", () => {
  it("lets a POST to an unsubscribe address through, and nothing else", () => {
    expect(
      isOneClickUnsubscribe({ method: "POST", path: "/subscribe/unsubscribe/abc_DEF-1" }),
    ).toBe(true);
    expect(isOneClickUnsubscribe({ method: "POST", path: "/subscribe/preferences/abc" })).toBe(
      false,
    );
    expect(isOneClickUnsubscribe({ method: "POST", path: "/subscribe/unsubscribe/a/b" })).toBe(
      false,
    );
    expect(isOneClickUnsubscribe({ method: "PUT", path: "/subscribe/unsubscribe/abc" })).toBe(
      false,
    );
  });
});
