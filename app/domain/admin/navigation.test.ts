import { describe, expect, it } from "vitest";
import { currentNavigationItem } from "./navigation.ts";

const items = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/venues", label: "Venues", end: false },
  { to: "/admin/news", label: "News", end: false },
];

describe("currentNavigationItem", () => {
  it("names the screen of an address, its own pages included, and Dashboard only at /admin", () => {
    expect(currentNavigationItem(items, "/admin")?.label).toBe("Dashboard");
    expect(currentNavigationItem(items, "/admin/")?.label).toBe("Dashboard");
    expect(currentNavigationItem(items, "/admin/news")?.label).toBe("News");
    expect(currentNavigationItem(items, "/admin/venues/abc/access")?.label).toBe("Venues");
    expect(currentNavigationItem(items, "/admin/newsletter")).toBeUndefined();
    expect(currentNavigationItem(items, "/admin/password")).toBeUndefined();
  });
});
