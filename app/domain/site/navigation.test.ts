import { describe, expect, it } from "vitest";
import {
  HEADER_LINKS,
  isAdminPath,
  isNewPage,
  loadingTextFor,
  personLinkFor,
  scrollBehaviourFor,
} from "./navigation.ts";

describe("HEADER_LINKS", () => {
  it("are the seven links of rules §2, in order, with their exact labels", () => {
    expect(HEADER_LINKS.map((link) => `${link.label} ${link.to}`)).toEqual([
      "Home /",
      "About /about",
      "Team /team",
      "Fixtures /fixtures",
      "News /news",
      "Sponsors /sponsors",
      "Contact /contact",
    ]);
  });
});

describe("isAdminPath", () => {
  it("is true for /admin and everything under it", () => {
    expect(isAdminPath("/admin")).toBe(true);
    expect(isAdminPath("/admin/login")).toBe(true);
    expect(isAdminPath("/admin/news/123")).toBe(true);
  });
  it("is false for public paths that merely start with the same letters", () => {
    expect(isAdminPath("/")).toBe(false);
    expect(isAdminPath("/administration")).toBe(false);
    expect(isAdminPath("/news/admin")).toBe(false);
  });
});

describe("personLinkFor", () => {
  it("leads to the dashboard when signed in and to the login when not", () => {
    expect(personLinkFor(true).to).toBe("/admin");
    expect(personLinkFor(false).to).toBe("/admin/login");
    expect(personLinkFor(true).label).not.toBe(personLinkFor(false).label);
  });
});

describe("scrollBehaviourFor", () => {
  it("scrolls smoothly to a new page unless motion is reduced", () => {
    expect(scrollBehaviourFor({ navigationType: "PUSH", reducedMotion: false })).toBe("smooth");
    expect(scrollBehaviourFor({ navigationType: "REPLACE", reducedMotion: false })).toBe("smooth");
    expect(scrollBehaviourFor({ navigationType: "PUSH", reducedMotion: true })).toBe("auto");
  });
  it("restores back/forward positions at once", () => {
    expect(scrollBehaviourFor({ navigationType: "POP", reducedMotion: false })).toBe("auto");
  });
});

describe("loadingTextFor", () => {
  it("gives the spec's loading texts for the news list and a news item, and none elsewhere", () => {
    expect(loadingTextFor("/news")).toBe("Loading news...");
    expect(loadingTextFor("/news/3f1c2a9e-5b7d-4c1e-9a2b-8d6e4f0a1b2c")).toBe("Loading...");
    expect(loadingTextFor("/")).toBeNull();
    expect(loadingTextFor("/about")).toBeNull();
    expect(loadingTextFor("/news/rss.xml/x")).toBeNull();
  });
});

describe("isNewPage", () => {
  const at = (pathname: string, search = "") => ({ pathname, search });
  it("is a new page when the path or the query changes", () => {
    expect(isNewPage({ from: at("/"), to: at("/about"), preventScrollReset: false })).toBe(true);
    expect(
      isNewPage({ from: at("/news"), to: at("/news", "?page=2"), preventScrollReset: false }),
    ).toBe(true);
  });
  it("is not when the navigation keeps the visitor's place, or stays on the same address", () => {
    expect(
      isNewPage({
        from: at("/fixtures"),
        to: at("/fixtures", "?tab=results"),
        preventScrollReset: true,
      }),
    ).toBe(false);
    expect(isNewPage({ from: at("/contact"), to: at("/contact"), preventScrollReset: false })).toBe(
      false,
    );
  });
});
