import { describe, expect, it } from "vitest";
import {
  contentParagraphs,
  matchReportLabel,
  newsArticleJsonLd,
  newsExcerpt,
  newsPagePath,
  pageCount,
  pageLinks,
  shareImageOf,
} from "./rules.ts";

describe("pagination", () => {
  it("counts pages, with one page for an empty list", () => {
    expect(pageCount({ total: 0, pageSize: 12 })).toBe(1);
    expect(pageCount({ total: 12, pageSize: 12 })).toBe(1);
    expect(pageCount({ total: 13, pageSize: 12 })).toBe(2);
    expect(pageCount({ total: 10_000, pageSize: 12 })).toBe(834);
  });

  it("gives page 1 the list's own address", () => {
    expect(newsPagePath({ page: 1 })).toBe("/news");
    expect(newsPagePath({ page: 3 })).toBe("/news?page=3");
    expect(newsPagePath({ page: 2, base: "/admin/news" })).toBe("/admin/news?page=2");
  });

  const shown = (page: number, pages: number) =>
    pageLinks({ page, pages }).map((link) => (link.kind === "page" ? link.page : "…"));

  it("links the first, last, current and neighbouring pages, with gaps between", () => {
    expect(shown(1, 1)).toEqual([1]);
    expect(shown(1, 2)).toEqual([1, 2]);
    expect(shown(1, 5)).toEqual([1, 2, "…", 5]);
    expect(shown(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(shown(4, 834)).toEqual([1, 2, 3, 4, 5, "…", 834]);
    expect(shown(400, 834)).toEqual([1, "…", 399, 400, 401, "…", 834]);
    expect(shown(834, 834)).toEqual([1, "…", 833, 834]);
  });
});

describe("newsExcerpt", () => {
  it("keeps short content whole, on one line", () => {
    expect(newsExcerpt("Line one.\n\nLine two.")).toBe("Line one. Line two.");
  });

  it("cuts long content at a word and marks the cut", () => {
    const excerpt = newsExcerpt(`${"word ".repeat(60)}end`, 40);
    expect(excerpt.length).toBeLessThanOrEqual(40);
    expect(excerpt).toMatch(/^word( word)*…$/);
  });
});

describe("contentParagraphs", () => {
  it("splits at blank lines and keeps single line breaks", () => {
    expect(contentParagraphs("One\nline two\n\n\nThree\r\n\r\nFour\n")).toEqual([
      "One\nline two",
      "Three",
      "Four",
    ]);
  });

  it("keeps markup as text", () => {
    expect(contentParagraphs("<b>bold</b>")).toEqual(["<b>bold</b>"]);
  });
});

describe("shareImageOf", () => {
  it("uses the item's photo, but not an SVG or nothing", () => {
    expect(shareImageOf("https://images.example/a.jpg")).toBe("https://images.example/a.jpg");
    expect(shareImageOf("/images/demo/new-kit.svg")).toBeNull();
    expect(shareImageOf("https://images.example/a.SVG?v=2")).toBeNull();
    expect(shareImageOf(null)).toBeNull();
    // An upload (decisions 23): its 1200 px wide variant.
    expect(shareImageOf("/media/0123456789abcdef01234567-1920x1080.jpg")).toBe(
      "/media/0123456789abcdef01234567-1200.jpg",
    );
  });
});

describe("newsArticleJsonLd", () => {
  const item = {
    id: "3f1c2a9e-5b7d-4c1e-9a2b-8d6e4f0a1b2c",
    title: "Storm win the cup",
    content: "What a night.",
    image: "/images/cup.jpg",
    category: "Match report",
    date: new Date("2026-01-05T14:30:00Z"),
    updatedAt: new Date("2026-01-06T09:00:00Z"),
  };
  const facts = {
    origin: "https://club.example",
    clubName: "Shannonside Storm",
    logoPath: "/icon-512.png",
    fallbackImagePath: "/og-image.png",
  };

  it("describes the article with absolute addresses", () => {
    expect(newsArticleJsonLd({ item, ...facts })).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "Storm win the cup",
      description: "What a night.",
      image: ["https://club.example/images/cup.jpg"],
      datePublished: "2026-01-05T14:30:00.000Z",
      dateModified: "2026-01-06T09:00:00.000Z",
      articleSection: "Match report",
      url: `https://club.example/news/${item.id}`,
      publisher: { name: "Shannonside Storm", logo: { url: "https://club.example/icon-512.png" } },
    });
  });

  it("falls back to the share image and leaves out what is missing", () => {
    const ld = newsArticleJsonLd({
      item: { ...item, image: null, date: null, category: null },
      ...facts,
    });
    expect(ld.image).toEqual(["https://club.example/og-image.png"]);
    const svg = newsArticleJsonLd({ item: { ...item, image: "/images/demo/a.svg" }, ...facts });
    expect(svg.image).toEqual(["https://club.example/og-image.png"]);
    expect(ld).not.toHaveProperty("datePublished");
    expect(ld).not.toHaveProperty("articleSection");
  });
});

describe("matchReportLabel", () => {
  it("says the teams, the score and the day in the club's time zone", () => {
    expect(
      matchReportLabel({
        timeZone: "Europe/Dublin",
        teamName: "Shannonside Storm",
        fixture: {
          opponent: "Cork Comets",
          homeScore: 3,
          awayScore: 1,
          date: new Date("2026-10-12T23:30:00Z"),
        },
      }),
    ).toBe("Shannonside Storm 3–1 Cork Comets, 13 Oct 2026");
    expect(
      matchReportLabel({
        timeZone: "Europe/Dublin",
        teamName: "Shannonside Storm",
        fixture: { opponent: "Cork Comets", homeScore: 0, awayScore: 0, date: null },
      }),
    ).toBe("Shannonside Storm 0–0 Cork Comets");
    // decisions 36: away, the opponent first and the club's 3 goals beside its name.
    expect(
      matchReportLabel({
        timeZone: "Europe/Dublin",
        teamName: "Shannonside Storm",
        fixture: {
          opponent: "Cork Comets",
          homeAway: "away",
          homeScore: 3,
          awayScore: 1,
          date: null,
        },
      }),
    ).toBe("Cork Comets 1–3 Shannonside Storm");
  });
});
