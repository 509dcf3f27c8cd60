import { describe, expect, it } from "vitest";
import { passwordProblem, safeRedirectPath } from "./rules.ts";

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
