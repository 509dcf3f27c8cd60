import { describe, expect, it } from "vitest";
import {
  ADMIN_SCREENS,
  type AdminScreen,
  dashboardCardsFor,
  hasPermission,
  labelFieldFor,
  navigationFor,
  noAccessMessage,
  ROLES,
  rolesOf,
  rolesText,
  screenForPath,
  uploadLimits,
} from "./screens.ts";

describe("the registry of admin screens (ADR 020)", () => {
  it("gives an Administrator every screen, and every role the signed-in ones", () => {
    for (const screen of Object.values(ADMIN_SCREENS) as AdminScreen[]) {
      expect(hasPermission(["administrator"], screen.permission)).toBe(true);
    }
    for (const role of ROLES) {
      expect(hasPermission([role], "signed-in")).toBe(true);
      expect(hasPermission([role], "open")).toBe(true);
    }
    expect(hasPermission([], "signed-in")).toBe(true);
    expect(hasPermission([], "news")).toBe(false);
  });

  it("grants each role its jobs only (rules §6 Roles)", () => {
    expect(hasPermission(["editor"], "news")).toBe(true);
    expect(hasPermission(["editor"], "pages")).toBe(true);
    expect(hasPermission(["editor"], "club")).toBe(false);
    expect(hasPermission(["editor"], "fixtures")).toBe(false);
    expect(hasPermission(["results-secretary"], "venues")).toBe(true);
    expect(hasPermission(["results-secretary"], "team")).toBe(false);
    expect(hasPermission(["team-manager"], "team")).toBe(true);
    expect(hasPermission(["team-manager"], "season-figures")).toBe(true);
    expect(hasPermission(["team-manager"], "administrators")).toBe(false);
    // Several roles add up.
    expect(hasPermission(["editor", "team-manager"], "team")).toBe(true);
    expect(hasPermission(["editor", "team-manager"], "import")).toBe(false);
  });

  it("shows an Editor the Editor's navigation and dashboard", () => {
    expect(navigationFor(["editor"]).map((item) => item.label)).toEqual([
      "Dashboard",
      "News",
      "Sponsors",
      "Photos",
      "Events",
      "Pages",
      "Activity",
    ]);
    expect(dashboardCardsFor(["editor"]).map((card) => card.to)).toEqual([
      "/admin/news",
      "/admin/sponsors",
      "/admin/media",
      "/admin/events",
      "/admin/pages",
      "/admin/activity",
    ]);
    expect(navigationFor(["administrator"]).length).toBeGreaterThan(10);
  });

  it("puts a screen added to the registry in the navigation, the dashboard and the guard's lookup", () => {
    const registry: Record<string, AdminScreen> = {
      ...ADMIN_SCREENS,
      trophies: {
        path: "/admin/trophies",
        file: "routes/admin/trophies.tsx",
        title: "Trophies",
        permission: "news",
        nav: "Trophies",
        card: { label: "Trophy cabinet", text: "Cups the club has won." },
      },
    };
    expect(navigationFor(["editor"], registry).map((item) => item.to)).toContain("/admin/trophies");
    expect(dashboardCardsFor(["editor"], registry).map((card) => card.label)).toContain(
      "Trophy cabinet",
    );
    expect(navigationFor(["team-manager"], registry).map((item) => item.to)).not.toContain(
      "/admin/trophies",
    );
    expect(screenForPath("/admin/trophies.data", registry)?.title).toBe("Trophies");
  });

  it("finds the screen of an address, its data request and its dynamic segments", () => {
    expect(screenForPath("/admin/news?page=2")?.title).toBe("Manage News");
    expect(screenForPath("/admin/news.data")?.title).toBe("Manage News");
    expect(screenForPath("/admin.data")?.title).toBe("Dashboard");
    expect(screenForPath("/admin/seasons/2024-25")?.title).toBe("Player figures");
    expect(screenForPath("/admin/nothing/here")?.title).toBe("Page not found");
    expect(screenForPath("/fixtures")).toBeUndefined();
    expect(labelFieldFor("/admin/fixtures?edit=1")).toBe("opponent");
    expect(labelFieldFor("/admin/media")).toBeUndefined();
  });

  it("gives the upload screens their limits, the import its own", () => {
    const limits = uploadLimits({ media: 16, import: 64 });
    expect(limits).toContainEqual({ path: "/admin/news", limitBytes: 16 });
    expect(limits).toContainEqual({ path: "/admin/team", limitBytes: 16 });
    expect(limits).toContainEqual({ path: "/admin/media/upload", limitBytes: 16 });
    expect(limits).toContainEqual({ path: "/admin/import", limitBytes: 64 });
    expect(limits.map((limit) => limit.path)).not.toContain("/admin/fixtures");
  });

  it("reads stored roles and names them", () => {
    expect(rolesOf(["team-manager", "owner", "editor"])).toEqual(["editor", "team-manager"]);
    expect(rolesText(["editor", "results-secretary"])).toBe("Editor, Results secretary");
    expect(noAccessMessage("Club details")).toBe(
      "You don't have access to Club details. Ask an Administrator.",
    );
  });
});
