import { eq, sql } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { rowsOf } from "../../app/db/open.server.ts";
import { news, teamMembers } from "../../app/db/schema.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { NEWS_PAGE_SIZE } from "../../app/domain/news/rules.ts";
import { buildNews, buildTeamMember } from "../../scripts/factories.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases, useDemoClub } from "../db.ts";

// The news over real HTTP (the host, the production build, a test database): what a browser
// without JavaScript, a crawler, a link preview and a feed reader get; and Manage News's
// action as a form post.

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
// React separates neighbouring text with empty comments.
const textOf = (html: string) => html.replaceAll("<!-- -->", "");

describeWithDatabases("the news pages over HTTP", ({ db }) => {
  // Written against the demo club (its name, address and e-mail).
  beforeAll(() => useDemoClub(db));
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle());
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = async (path: string) => {
    const response = await fetch(`${app.url}${path}`);
    return { status: response.status, headers: response.headers, body: await response.text() };
  };

  it("says 'No news available.' when there is none, and page 2 does not exist", async () => {
    const list = await get("/news");
    expect(list.status).toBe(200);
    expect(list.body).toContain("No news available.");
    expect((await get("/news?page=2")).status).toBe(404);
  });

  it("lists the newest first with each card's relative age, 'Unknown' without a date", async () => {
    const now = Date.now();
    await db()
      .insert(news)
      .values([
        buildNews({ title: "Three days old", date: new Date(now - 3 * 24 * 3600 * 1000) }),
        buildNews({ title: "Undated story", date: null }),
        buildNews({ title: "Brand new", date: new Date(now - 60 * 1000) }),
      ]);
    const { status, body } = await get("/news");
    expect(status).toBe(200);
    const titles = [...body.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]);
    expect(titles).toEqual(["Brand new", "Three days old", "Undated story"]);
    expect(body).toMatch(/<time dateTime="[^"]+">1 minute ago<\/time>/);
    expect(body).toMatch(/<time dateTime="[^"]+">3 days ago<\/time>/);
    expect(body).toContain(">Unknown</p>");
  });

  it("pages through all news with links that work without JavaScript", async () => {
    await db()
      .insert(news)
      .values(
        Array.from({ length: NEWS_PAGE_SIZE * 2 }, (_, n) =>
          buildNews({ title: `Old story ${n}`, date: new Date(Date.UTC(2020, 0, 28 - n)) }),
        ),
      );
    const first = await get("/news");
    // Not cached by browsers or proxies: a change shows at once (rules §7 Freshness).
    expect(first.headers.get("cache-control")).toBeNull();
    expect(first.body).toContain('href="/news?page=2"');
    expect(first.body).toContain("Page 1 of 3");
    const second = await get("/news?page=2");
    expect(second.status).toBe(200);
    expect(second.body).toContain("Page 2 of 3");
    expect(second.body).toMatch(/<link rel="canonical" href="https:\/\/[^"]+\/news\?page=2"/);
    expect(second.body).toContain('href="/news?page=3"');
    const third = await get("/news?page=3");
    // 27 items: the last page holds the two oldest dated ones, then the undated one.
    const lastTitles = [...third.body.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]);
    expect(lastTitles).toEqual(["Old story 22", "Old story 23", "Undated story"]);
  });

  it("answers 404 for a page past the end or a page number that is not one", async () => {
    for (const page of ["4", "0", "-1", "abc", "1.5", "99999999"]) {
      const response = await get(`/news?page=${page}`);
      expect(response.status, page).toBe(404);
      expect(response.body, page).toContain("Back to News");
    }
  });

  it("shows an item as text with its line breaks, its date in the club's time zone", async () => {
    const [row] = await db()
      .insert(news)
      .values(
        buildNews({
          title: "Summer <b>cup</b> & more",
          content: "First line\nsecond line\n\n<script>alert(1)</script>",
          category: "Match report",
          image: "https://images.example/cup.jpg",
          date: new Date("2026-07-05T14:30:00Z"),
        }),
      )
      .returning();
    const { status, body } = await get(`/news/${row?.id}`);
    expect(status).toBe(200);
    expect(body).toContain("5 July 2026, 15:30");
    expect(body).toContain("First line\nsecond line</p>");
    expect(body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(body).not.toContain("<script>alert(1)");
    expect(body).toContain("Summer &lt;b&gt;cup&lt;/b&gt; &amp; more");
  });

  it("has the title, description, Open Graph and Twitter tags and JSON-LD in the HTML", async () => {
    const [row] = await db()
      .insert(news)
      .values(
        buildNews({
          title: 'Keeper "Tomás" </script> signs',
          content: "A short story about a new keeper.",
          image: "/images/keeper.jpg",
          category: "Club news",
          date: new Date("2026-01-05T14:30:00Z"),
        }),
      )
      .returning();
    const { body } = await get(`/news/${row?.id}`);
    const meta = (attribute: string) =>
      body.match(new RegExp(`<meta ${attribute} content="([^"]*)"`))?.[1];
    expect(body).toMatch(
      /<title>Keeper &quot;Tomás&quot; &lt;\/script&gt; signs \| [^<]+<\/title>/,
    );
    expect(meta('name="description"')).toBe("A short story about a new keeper.");
    expect(meta('property="og:type"')).toBe("article");
    expect(meta('property="og:title"')).toContain("Keeper &quot;Tomás&quot;");
    expect(meta('property="og:image"')).toMatch(/^https:\/\/[^/]+\/images\/keeper\.jpg$/);
    expect(meta('property="og:url"')).toMatch(new RegExp(`^https://[^/]+/news/${row?.id}$`));
    expect(meta('property="article:published_time"')).toBe("2026-01-05T14:30:00.000Z");
    expect(meta('name="twitter:card"')).toBe("summary_large_image");
    expect(meta('name="twitter:image"')).toBe(meta('property="og:image"'));

    const script = body.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
    expect(script?.[1]).not.toContain("<");
    expect(JSON.parse(script?.[1] ?? "{}")).toMatchObject({
      "@type": "NewsArticle",
      headline: 'Keeper "Tomás" </script> signs',
      datePublished: "2026-01-05T14:30:00.000Z",
    });
  });

  it("says 'Date not available' for an undated item", async () => {
    const [row] = await db().select().from(news).where(eq(news.title, "Undated story"));
    expect((await get(`/news/${row?.id}`)).body).toContain("Date not available");
  });

  it("answers a real 404 page for an unknown or malformed id", async () => {
    for (const id of [UNKNOWN_ID, "abc", "1", "00000000-0000-0000-0000-00000000000g"]) {
      const response = await get(`/news/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.body, id).toContain("News item not found");
      expect(response.body, id).toContain('href="/news"');
    }
  });

  it("links the feed from the page head and serves it as RSS 2.0", async () => {
    const home = await get("/");
    expect(home.body).toMatch(
      /<link[^>]* rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/news\/rss.xml"/,
    );
    const feed = await get("/news/rss.xml");
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(XMLValidator.validate(feed.body)).toBe(true);
    const { rss } = new XMLParser({ ignoreAttributes: false }).parse(feed.body);
    expect(rss["@_version"]).toBe("2.0");
    const items = rss.channel.item as { title: string; link: string }[];
    expect(items).toHaveLength(20);
    expect(items[0]?.title).toBe("Brand new");
    expect(items.map((item) => item.title)).toContain('Keeper "Tomás" </script> signs');
  });

  it("lists the public pages, every news item and every player in the sitemap, named in robots.txt", async () => {
    await db()
      .insert(teamMembers)
      .values([
        buildTeamMember({ name: "Sitemap Player", slug: "sitemap-player" }),
        buildTeamMember({ name: "Sitemap Coach", slug: "sitemap-coach", role: "Head Coach" }),
      ]);
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(XMLValidator.validate(sitemap.body)).toBe(true);
    const { urlset } = new XMLParser().parse(sitemap.body);
    const locs = (urlset.url as { loc: string }[]).map((url) => new URL(url.loc).pathname);
    const ids = rowsOf<{ id: string }>(await db().execute(sql`select id from news`));
    expect(locs).toEqual(
      expect.arrayContaining([
        "/",
        "/about",
        "/news",
        "/contact",
        "/team",
        "/fixtures",
        "/events",
        "/come-and-try",
        "/venues/ul-arena",
        "/team/sitemap-player",
        ...ids.map((r) => `/news/${r.id}`),
      ]),
    );
    expect(locs).not.toContain("/team/sitemap-coach");
    const players = rowsOf<{ slug: string }>(
      await db().execute(sql`select slug from team_members where role = 'Player'`),
    );
    const venues = rowsOf<{ id: string }>(await db().execute(sql`select id from venues`));
    expect(locs).toHaveLength(11 + venues.length + ids.length + players.length);

    const robots = await get("/robots.txt");
    expect(robots.body).toMatch(/^Sitemap: https:\/\/[^/]+\/sitemap\.xml$/m);
    expect(robots.body).toContain("Disallow: /admin");
  });
});

describeWithDatabases("Manage News over HTTP", ({ db }) => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle());
    await createAdministrator({ email: "editor@club.example", password: "amber-kettle-river-42" });
    cookie = await signIn({ app, email: "editor@club.example", password: "amber-kettle-river-42" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (form: Record<string, string>, path = "/admin/news") =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
  const everything = async () => rowsOf(await db().execute(sql`select * from news order by id`));

  it("refuses bad input with the errors next to the fields, what was typed kept, nothing written", async () => {
    const before = await everything();
    const response = await post({
      intent: "save",
      title: "   ",
      content: "Typed content that must survive.",
      image: "javascript:alert(1)",
      category: "Club news",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a title.");
    expect(html).toContain("Please enter a web address starting with https://");
    expect(html).toContain("Typed content that must survive.");
    expect(html).toContain('value="javascript:alert(1)"');
    expect(html).toContain('value="Club news"');
    expect(html).toMatch(/aria-invalid="true"/);
    expect(await everything()).toEqual(before);
  });

  it("creates an item dated by the server, whatever date the form sends", async () => {
    const response = await post({
      intent: "save",
      title: "Created over HTTP",
      content: "Body",
      date: "2001-01-01T00:00:00Z",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(
      /^\/admin\/news\?saved=[0-9a-f-]{36}&done=created$/,
    );
    const [row] = await db().select().from(news).where(eq(news.title, "Created over HTTP"));
    expect(Math.abs((row?.date?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    const page = await fetch(`${app.url}${response.headers.get("location")}`, {
      headers: { cookie },
    });
    expect(await page.text()).toContain("News item created.");
  });

  it("updates an item without changing its date, and shows 'Update News' in edit mode", async () => {
    const [row] = await db().select().from(news).where(eq(news.title, "Created over HTTP"));
    const edit = await fetch(`${app.url}/admin/news?edit=${row?.id}`, { headers: { cookie } });
    const html = await edit.text();
    expect(html).toContain("Update News");
    expect(html).toContain("Cancel edit");
    expect(html).toContain('value="Created over HTTP"');

    const response = await post({
      intent: "save",
      id: row?.id ?? "",
      title: "Updated",
      content: "New",
    });
    expect(response.status).toBe(302);
    const [after] = await db()
      .select()
      .from(news)
      .where(eq(news.id, row?.id ?? ""));
    expect(after).toMatchObject({ title: "Updated", content: "New", date: row?.date });

    expect(
      (await fetch(`${app.url}/admin/news?edit=${UNKNOWN_ID}`, { headers: { cookie } })).status,
    ).toBe(404);
    const gone = await post({ intent: "save", id: UNKNOWN_ID, title: "Ghost", content: "Ghost" });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("This news item no longer exists");
  });

  it("deletes at once and Undo puts back the same id, fields and date", async () => {
    const [row] = await db().select().from(news).where(eq(news.title, "Updated"));
    const deleted = await post({ intent: "delete", id: row?.id ?? "" });
    expect(deleted.status).toBe(200);
    const html = textOf(await deleted.text());
    expect(html).toContain("“Updated” deleted.");
    expect(
      await db()
        .select()
        .from(news)
        .where(eq(news.id, row?.id ?? "")),
    ).toEqual([]);
    const token = html.match(/name="token" value="([0-9a-f-]{36})"/)?.[1] ?? "";
    const undone = await post({ intent: "undo", token });
    expect(undone.status).toBe(200);
    expect(textOf(await undone.text())).toContain("“Updated” restored.");
    expect(
      await db()
        .select()
        .from(news)
        .where(eq(news.id, row?.id ?? "")),
    ).toEqual([row]);
    expect((await post({ intent: "undo", token })).status).toBe(410);
  });

  it("refuses requests it does not understand", async () => {
    expect((await post({ intent: "delete", id: "abc" })).status).toBe(400);
    expect((await post({ intent: "publish" })).status).toBe(400);
  });
});
