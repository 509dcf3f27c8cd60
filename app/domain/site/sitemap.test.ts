import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { sitemapXml } from "./sitemap.ts";

describe("sitemapXml", () => {
  it("lists absolute addresses with their last change", () => {
    const xml = sitemapXml({
      origin: "https://club.example",
      entries: [
        { path: "/" },
        { path: "/news/abc?x=1&y=2", lastModified: new Date("2026-01-05T14:30:00Z") },
      ],
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    const { urlset } = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect(urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(urlset.url).toEqual([
      { loc: "https://club.example/" },
      { loc: "https://club.example/news/abc?x=1&y=2", lastmod: "2026-01-05T14:30:00.000Z" },
    ]);
  });
});
