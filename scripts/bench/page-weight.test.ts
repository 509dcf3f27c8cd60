import { describe, expect, it } from "vitest";
import { quantile } from "./load.ts";
import { FIRST_LOAD_JS_BUDGET_GZIP, type PageWeight, pageWeightBudgets } from "./page-weight.ts";

// The budget lines the bench prints and the guard's rules: they must be able to fail.

const weight = (overrides: Partial<PageWeight> & { page: string }): PageWeight => ({
  public: true,
  js: { raw: 300_000, gzip: 100_000, files: [] },
  css: { raw: 70_000, gzip: 12_000, files: [] },
  forbidden: { quill: [], dateLocale: [], admin: [] },
  ...overrides,
});

describe("page-weight budgets (rules §11)", () => {
  it("passes pages under the JavaScript budget with no forbidden code", () => {
    const checks = pageWeightBudgets([weight({ page: "/" }), weight({ page: "/news" })]);
    expect(checks.map((c) => c.pass)).toEqual([true, true, true, true]);
  });

  it("fails a page over 120 KB gzip and names it with its weight", () => {
    const [js] = pageWeightBudgets([
      weight({ page: "/" }),
      weight({
        page: "/contact",
        js: { raw: 500_000, gzip: FIRST_LOAD_JS_BUDGET_GZIP + 1, files: [] },
      }),
    ]);
    expect(js?.pass).toBe(false);
    expect(js?.detail).toBe("/contact 120.0 KB");
  });

  it("fails Quill anywhere, and locale data or admin code on public pages only", () => {
    const checks = pageWeightBudgets([
      weight({
        page: "/",
        forbidden: {
          quill: [],
          dateLocale: [
            "node_modules/date-fns/locale/en-GB/_lib/match.js",
            "node_modules/date-fns/locale/en-GB.js",
          ],
          admin: ["app/components/admin/news-form.tsx"],
        },
      }),
      weight({
        page: "/admin/login",
        public: false,
        forbidden: {
          quill: ["node_modules/quill/core.js"],
          dateLocale: [],
          admin: ["app/routes/admin/login.tsx"],
        },
      }),
    ]);
    const byName = Object.fromEntries(checks.map((c) => [c.name, c]));
    expect(byName["No Quill on any page's first load"]?.detail).toBe("quill on /admin/login");
    expect(byName["No date-fns locale data on public pages"]?.detail).toBe(
      "date-fns/locale/en-GB on /",
    );
    expect(byName["No admin code on public pages"]?.detail).toBe(
      "app/components/admin/news-form.tsx on /",
    );
  });
});

describe("quantile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile(values, 0.99)).toBe(99);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });
});
