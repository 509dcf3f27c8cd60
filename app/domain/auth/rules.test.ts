import { describe, expect, it } from "vitest";
import { loginDelayMs, passwordProblem, safeRedirectPath } from "./rules.ts";

describe("passwordProblem", () => {
  it("accepts a long, uncommon password", () => {
    expect(passwordProblem({ password: "amber-kettle-river-42" })).toBeNull();
  });

  it("refuses fewer than 12 characters", () => {
    expect(passwordProblem({ password: "Sh0rt!pass" })).toBe(
      "The password must be at least 12 characters long.",
    );
  });

  it("refuses common passwords, also with digits or symbols added", () => {
    expect(passwordProblem({ password: "password1234" })).toMatch(/too common/);
    expect(passwordProblem({ password: "Qwertyuiop123!" })).toMatch(/too common/);
    expect(passwordProblem({ password: "Shannonside2025" })).toMatch(/too common/);
  });

  it("refuses one repeated character and passwords containing the e-mail name", () => {
    expect(passwordProblem({ password: "aaaaaaaaaaaaaa" })).toMatch(/repeated/);
    expect(
      passwordProblem({ password: "declan-moriarty-x", email: "declan-moriarty@club.example" }),
    ).toMatch(/e-mail/);
  });
});

describe("safeRedirectPath", () => {
  it("keeps admin paths on this site, with their query", () => {
    expect(safeRedirectPath("/admin/news")).toBe("/admin/news");
    expect(safeRedirectPath("/admin/fixtures?tab=results")).toBe("/admin/fixtures?tab=results");
  });

  it("sends anything else to /admin", () => {
    for (const value of [
      undefined,
      "",
      "https://evil.example/admin",
      "//evil.example/admin",
      "/\\evil.example",
      "/news",
      "/administrator",
      "/admin/login",
      "/admin/../news",
      "javascript:alert(1)",
    ]) {
      expect(safeRedirectPath(value), String(value)).toBe("/admin");
    }
  });
});

describe("loginDelayMs (ADR 012)", () => {
  it("never slows an address without failures for the e-mail, nor an e-mail not under attack", () => {
    expect(loginDelayMs({ emailFailures: 100, pairFailures: 0 })).toBe(0);
    expect(loginDelayMs({ emailFailures: 4, pairFailures: 4 })).toBe(0);
  });
  it("adds a second per failure from the 5th, up to 10 seconds", () => {
    expect(loginDelayMs({ emailFailures: 5, pairFailures: 1 })).toBe(1000);
    expect(loginDelayMs({ emailFailures: 7, pairFailures: 1 })).toBe(3000);
    expect(loginDelayMs({ emailFailures: 500, pairFailures: 4 })).toBe(10_000);
  });
});
