import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { type FeedItem, feedItemHtml, newsRssXml } from "./feed.ts";

const item: FeedItem = {
  id: "3f1c2a9e-5b7d-4c1e-9a2b-8d6e4f0a1b2c",
  title: 'Storm & Lions <draw> "2-2"',
  content: "First line\nsecond line\n\n<script>alert(1)</script>",
  image: "/images/demo/new-kit.svg",
  category: "Match report",
  date: new Date("2026-01-05T14:30:00Z"),
};

const feed = (items = [item]) =>
  newsRssXml({
    items,
    origin: "https://club.example",
    title: "Storm news",
    description: "The latest news",
    now: new Date("2026-02-01T00:00:00Z"),
  });

describe("newsRssXml", () => {
  it("is well-formed RSS 2.0 with the items' fields as typed", () => {
    const xml = feed();
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect(parsed.rss["@_version"]).toBe("2.0");
    const channel = parsed.rss.channel;
    expect(channel.title).toBe("Storm news");
    expect(channel.link).toBe("https://club.example/news");
    expect(channel["atom:link"]["@_href"]).toBe("https://club.example/news/rss.xml");
    expect(channel.lastBuildDate).toBe("Mon, 05 Jan 2026 14:30:00 GMT");
    const entry = channel.item;
    expect(entry.title).toBe('Storm & Lions <draw> "2-2"');
    expect(entry.link).toBe(`https://club.example/news/${item.id}`);
    expect(entry.guid["#text"]).toBe(`https://club.example/news/${item.id}`);
    expect(entry.pubDate).toBe("Mon, 05 Jan 2026 14:30:00 GMT");
    expect(entry.category).toBe("Match report");
  });

  it("turns the content into escaped HTML paragraphs, never markup of its own", () => {
    const html = feedItemHtml({ item, origin: "https://club.example" });
    expect(html).toBe(
      '<p><img src="https://club.example/images/demo/new-kit.svg" alt=""></p>' +
        "<p>First line<br>second line</p><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    );
  });

  it("leaves out the date of an undated item and is valid with no items", () => {
    const undated = feed([{ ...item, date: null, category: null, image: null }]);
    expect(XMLValidator.validate(undated)).toBe(true);
    expect(undated).not.toContain("<pubDate>");
    const empty = feed([]);
    expect(XMLValidator.validate(empty)).toBe(true);
    expect(empty).toContain("<lastBuildDate>Sun, 01 Feb 2026 00:00:00 GMT</lastBuildDate>");
  });

  it("drops characters XML cannot carry", () => {
    const xml = feed([{ ...item, title: "Bell\u0007 and tab\t" }]);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(new XMLParser().parse(xml).rss.channel.item.title).toBe("Bell and tab");
  });
});
