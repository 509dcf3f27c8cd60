import { afterAll, beforeAll, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { listPageTexts } from "../../app/domain/pages/pages.server.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";

// Page texts through the real host with the page cache on: a
// public page is served from the cache, and a save in the admin shows on the next anonymous
// request; what is stored is sanitised; 'Last updated' follows the save.

const PASSWORD = "amber-kettle-river-42";

describeWithDatabases("page texts over HTTP", () => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle(), { pageCacheSeconds: 300 });
    await createAdministrator({ email: "pages@club.example", password: PASSWORD });
    cookie = await signIn({ app, email: "pages@club.example", password: PASSWORD });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a saved About text shows on the next anonymous request, sanitised", async () => {
    expect(await (await fetch(`${app.url}/about`)).text()).toContain("(About: Our Mission)");
    // Twice: the second answer comes from the page cache.
    await fetch(`${app.url}/about`);
    const admin = await fetch(`${app.url}/admin/pages`, { headers: { cookie } });
    expect(admin.status).toBe(200);
    const mission = (await listPageTexts()).find((text) => text.key === "about-mission");
    const save = await fetch(`${app.url}/admin/pages`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        id: mission?.id ?? "",
        html: '<p>We play <strong>fast</strong>.<img src="x" onerror="alert(1)"></p>',
      }),
    });
    expect(save.status).toBe(302);
    expect(save.headers.get("location")).toBe(`/admin/pages?saved=${mission?.id}&done=updated`);
    const about = await (await fetch(`${app.url}/about`)).text();
    expect(about).toContain("<p>We play <strong>fast</strong>.</p>");
    expect(about).not.toContain("onerror");
    expect(about).not.toContain("(About: Our Mission)");
  });

  it("a saved privacy policy is dated the day of the save", async () => {
    expect(await (await fetch(`${app.url}/privacy-policy`)).text()).toContain(
      "Last updated: July 15, 2025",
    );
    const privacy = (await listPageTexts()).find((text) => text.key === "privacy");
    const save = await fetch(`${app.url}/admin/pages`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        id: privacy?.id ?? "",
        html: "<h2>Data</h2><p>We keep little.</p>",
      }),
    });
    expect(save.status).toBe(302);
    const page = await (await fetch(`${app.url}/privacy-policy`)).text();
    expect(page).toContain("<h2>Data</h2><p>We keep little.</p>");
    expect(page).not.toContain("Last updated: July 15, 2025");
    const today = new Intl.DateTimeFormat("en-US", {
      timeZone: "Europe/Dublin",
      month: "long",
      day: "numeric",
      year: "numeric",
    }).format(new Date());
    expect(page).toContain(`Last updated: ${today}`);
  });

  it("an empty text is refused with a message next to the field, and nothing changes", async () => {
    const terms = (await listPageTexts()).find((text) => text.key === "terms");
    const response = await fetch(`${app.url}/admin/pages?edit=${terms?.id}`, {
      method: "POST",
      headers: { origin: app.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: terms?.id ?? "", html: "  " }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Write the text of this page.");
    expect(await (await fetch(`${app.url}/terms-conditions`)).text()).toContain("Using the site");
  });

  it("Preview shows the sanitised text and saves nothing", async () => {
    const terms = (await listPageTexts()).find((text) => text.key === "terms");
    const response = await fetch(`${app.url}/admin/pages/preview`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        id: terms?.id ?? "",
        html: "<h2>Draft terms</h2><script>alert(1)</script>",
      }),
    });
    const html = await response.text();
    expect(response.status, html.slice(0, 300)).toBe(200);
    expect(html).toContain("Preview: Terms &amp; Conditions");
    expect(html).toContain("<h2>Draft terms</h2>");
    expect(html).not.toContain("<script>alert(1)");
    expect(await (await fetch(`${app.url}/terms-conditions`)).text()).not.toContain("Draft terms");
  });
});
