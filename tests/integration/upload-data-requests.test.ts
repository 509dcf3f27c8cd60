import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { rowsOf } from "../../app/db/open.server.ts";
import { media, news, teamMembers } from "../../app/db/schema.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { REQUEST_ID_FIELD } from "../../app/domain/connectivity/outbox.ts";
import { parseMediaRef } from "../../app/domain/media/rules.ts";
import { DEFAULT_FORM_BODY_LIMIT_BYTES } from "../../server/app.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";
import { largePhoneJpeg } from "../media-fixtures.ts";
import { oldSiteData, oldSiteExport } from "../old-site-export.ts";

// A form posted with JavaScript goes to its route's single-fetch address (`/admin/news.data`),
// without it to the route itself (`/admin/news`). The upload limit of a route with a photo
// field, or of the import, applies to both (ADR 017, rules §12): a phone photo over the 3 MB
// of an ordinary form is saved either way. Over real HTTP, through the whole host.

const PASSWORD = "amber-kettle-river-42";

describeWithDatabases("uploads posted to a route's .data address", ({ db }) => {
  let app: TestApp;
  let cookie: string;
  let photo: Buffer;
  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle());
    await createAdministrator({ email: "uploads@club.example", password: PASSWORD });
    cookie = await signIn({ app, email: "uploads@club.example", password: PASSWORD });
    photo = await largePhoneJpeg();
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await db().delete(news);
    await db().delete(teamMembers);
    await db().delete(media);
  });

  /** The form as React Router sends it with JavaScript: multipart, with a request id. */
  function postData(address: string, fields: Record<string, string>, file?: File) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set(REQUEST_ID_FIELD, crypto.randomUUID());
    if (file) form.set("imageFile", file);
    return fetch(`${app.url}${address}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, cookie },
      body: form,
    });
  }

  it("the photo is a phone's: larger than an ordinary form may be", () => {
    expect(photo.length).toBeGreaterThan(DEFAULT_FORM_BODY_LIMIT_BYTES * 2);
  });

  it("saves a news item with a 6 MB photo posted to /admin/news.data", async () => {
    const response = await postData(
      "/admin/news.data",
      { intent: "save", title: "Cup final", content: "We won.", imageAlt: "The team with the cup" },
      new File([new Uint8Array(photo)], "IMG_2041.JPG", { type: "image/jpeg" }),
    );
    expect(response.status).toBeLessThan(400);
    await response.arrayBuffer();
    const [item] = await db().select().from(news);
    expect(item?.title).toBe("Cup final");
    expect(parseMediaRef(item?.image)).toMatchObject({ width: 1920, height: 1440 });
  });

  it("saves a person with a 6 MB photo posted to /admin/team.data, and from an address with a trailing slash", async () => {
    for (const [address, name] of [
      ["/admin/team.data", "Aoife Byrne"],
      ["/admin/team/_.data", "Ciara Walsh"],
    ] as const) {
      const response = await postData(
        address,
        { intent: "save", name, role: "Player" },
        new File([new Uint8Array(photo)], "portrait.jpg", { type: "image/jpeg" }),
      );
      expect(response.status, address).toBeLessThan(400);
      await response.arrayBuffer();
    }
    const people = await db().select().from(teamMembers);
    expect(people.map((person) => person.name).sort()).toEqual(["Aoife Byrne", "Ciara Walsh"]);
    for (const person of people) expect(parseMediaRef(person.image)).not.toBeNull();
  });

  it("checks an export over 3 MB posted to /admin/import.data", async () => {
    // The old site's export, padded with whitespace JSON allows, past the ordinary limit.
    const json = `${JSON.stringify(oldSiteExport({ timestamps: "_seconds", data: oldSiteData() }))}${" ".repeat(DEFAULT_FORM_BODY_LIMIT_BYTES + 100_000)}`;
    const form = new FormData();
    form.set("intent", "check");
    form.set("file", new Blob([json], { type: "application/json" }), "export.json");
    const response = await fetch(`${app.url}/admin/import.data`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, cookie },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("report");
    const [counts] = rowsOf<{ news: number }>(
      await db().execute(sql`select count(*)::int as news from news`),
    );
    expect(counts?.news).toBe(0);
  });

  it("keeps the ordinary limit for a route without an upload, with or without .data", async () => {
    const big = "x".repeat(DEFAULT_FORM_BODY_LIMIT_BYTES + 1000);
    for (const address of ["/admin/fixtures", "/admin/fixtures.data"]) {
      const response = await postData(address, { intent: "save", opponent: big });
      expect(response.status, address).toBe(413);
    }
  });
});
