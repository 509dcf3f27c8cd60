import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { rowsOf } from "../../app/db/open.server.ts";
import { media, news } from "../../app/db/schema.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { REQUEST_ID_FIELD } from "../../app/domain/connectivity/outbox.ts";
import { deleteMedia, storeUpload } from "../../app/domain/media/media.server.ts";
import {
  dimensionsProblem,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  parseMediaRef,
} from "../../app/domain/media/rules.ts";
import { IMAGE_ALT_REQUIRED } from "../../app/domain/news/news.schema.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";
import { SCRIPTED_SVG, sidewaysPhoneJpeg, stripPng } from "../media-fixtures.ts";

// Uploads over real HTTP (ADR 017): the files under /media/ with their headers, and Manage
// News taking a photo with its form (multipart), refusing bad files with the field's message.

const PASSWORD = "amber-kettle-river-42";
const decode = (html: string) => html.replaceAll("&quot;", '"').replaceAll("&#x27;", "'");

describeWithDatabases("uploaded images over HTTP", ({ db }) => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle());
    await createAdministrator({ email: "photos@club.example", password: PASSWORD });
    cookie = await signIn({ app, email: "photos@club.example", password: PASSWORD });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await db().delete(news);
    await db().delete(media);
  });

  const counts = async () =>
    rowsOf<{ media: number; news: number }>(
      await db().execute(
        sql`select (select count(*)::int from media) as media, (select count(*)::int from news) as news`,
      ),
    )[0];

  function postNews(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set(
      "imageFile",
      file ? new File([new Uint8Array(file.bytes)], file.name) : new File([], ""),
    );
    return fetch(`${app.url}/admin/news`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, cookie },
      body: form,
    });
  }

  it("serves each variant as an image, immutable, inline, nosniff; unknown names are 404", async () => {
    const stored = await storeUpload({ bytes: await sidewaysPhoneJpeg(), kind: "photo" });
    if (!stored.ok) throw new Error(stored.message);
    const { hash } = stored.media;
    for (const [name, type] of [
      [`${hash}-640.avif`, "image/avif"],
      [`${hash}-640.webp`, "image/webp"],
      [`${hash}-1200.jpg`, "image/jpeg"],
    ] as const) {
      const response = await fetch(`${app.url}/media/${name}`, { headers: { cookie } });
      expect(response.status, name).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-disposition")).toBe("inline");
      // Public and immutable even for a signed-in administrator: the name is the content.
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
    // The stored reference itself is the largest fallback file.
    const ref = await fetch(`${app.url}${stored.media.url}`);
    expect(ref.status).toBe(200);
    expect((await sharp(new Uint8Array(await ref.arrayBuffer())).metadata()).width).toBe(1200);
    const again = await fetch(`${app.url}/media/${hash}-640.webp`, {
      headers: { "if-none-match": `"${hash}-640.webp"` },
    });
    expect(again.status).toBe(304);
    for (const name of [`${hash}-641.jpg`, `${hash}-640.svg`, "x.jpg", "..%2Fpackage.json"]) {
      const missing = await fetch(`${app.url}/media/${name}`);
      expect(missing.status, name).toBe(404);
      expect(missing.headers.get("content-type")).not.toMatch(/^image\//);
    }
  });

  it("takes a photo with the news form: stored upright without EXIF, the item points at it", async () => {
    const response = await postNews(
      { intent: "save", title: "Cup final", content: "We won.", imageAlt: "The team with the cup" },
      { bytes: await sidewaysPhoneJpeg(), name: "IMG_0001.JPG" },
    );
    expect(response.status).toBe(302);
    const [item] = await db().select().from(news);
    const ref = parseMediaRef(item?.image);
    expect(ref).toMatchObject({ width: 1200, height: 2400 });
    expect(item?.imageAlt).toBe("The team with the cup");
    const page = await (await fetch(`${app.url}/news/${item?.id}`)).text();
    expect(page).toContain(`type="image/avif"`);
    expect(page).toContain(`/media/${ref?.hash}-640.avif 640w`);
    expect(page).toContain('alt="The team with the cup"');
    expect(page).toContain(`content="http`);
    expect(page).toMatch(
      new RegExp(`property="og:image" content="[^"]*/media/${ref?.hash}-1200\\.jpg"`),
    );
  });

  it("refuses a renamed text file, a truncated JPEG, an SVG and an oversized file next to the field; nothing stored", async () => {
    const photo = await sidewaysPhoneJpeg({ width: 800, height: 400 });
    const fields = { intent: "save", title: "Kept title", content: "Kept text.", imageAlt: "x" };
    for (const [file, message] of [
      [
        { bytes: new TextEncoder().encode("Team sheet\n"), name: "team.jpg" },
        MEDIA_MESSAGES.notPhoto,
      ],
      [{ bytes: photo.subarray(0, photo.length / 2), name: "half.jpg" }, MEDIA_MESSAGES.damaged],
      [
        { bytes: new TextEncoder().encode(SCRIPTED_SVG), name: "crest.svg" },
        MEDIA_MESSAGES.notPhoto,
      ],
    ] as const) {
      const response = await postNews(fields, file);
      expect(response.status, file.name).toBe(400);
      const html = decode(await response.text());
      expect(html).toContain(message);
      expect(html).toContain("Kept text.");
    }
    // Over 15 MB but within the stream's room for the form: the field's message.
    const big = new Uint8Array(MEDIA_MAX_BYTES + 100_000);
    big.set(photo.subarray(0, 1000));
    const tooBig = await postNews(fields, { bytes: big, name: "big.jpg" });
    expect(tooBig.status).toBe(400);
    expect(decode(await tooBig.text())).toContain(MEDIA_MESSAGES.tooLarge);
    // 20 MB: refused before the body is read.
    const huge = new Uint8Array(20 * 1024 * 1024);
    huge.set(photo.subarray(0, 1000));
    expect((await postNews(fields, { bytes: huge, name: "huge.jpg" })).status).toBe(413);
    expect(await counts()).toEqual({ media: 0, news: 0 });
  });

  it("ADR 025: refuses a 1000×59,999 PNG next to the field, keeping what was typed (no JavaScript)", async () => {
    const fields = { intent: "save", title: "Kept title", content: "Kept text.", imageAlt: "x" };
    const response = await postNews(fields, { bytes: await stripPng(), name: "strip.png" });
    expect(response.status).toBe(400);
    const html = decode(await response.text());
    expect(html).toContain(dimensionsProblem({ width: 1000, height: 59_999 }));
    expect(html).toContain("Kept title");
    expect(html).toContain("Kept text.");
    expect(await counts()).toEqual({ media: 0, news: 0 });
  });

  it("asks for the description of a photo and keeps the upload for the next try", async () => {
    const response = await postNews(
      { intent: "save", title: "No words", content: "Text." },
      { bytes: await sidewaysPhoneJpeg({ width: 600, height: 300 }), name: "a.jpg" },
    );
    expect(response.status).toBe(400);
    const html = decode(await response.text());
    expect(html).toContain(IMAGE_ALT_REQUIRED.replaceAll("“", "“"));
    // The photo was stored once and the form now holds its address: no second upload needed.
    const [stored] = await db().select().from(media);
    expect(html).toContain(`/media/${stored?.hash}-`);
    expect(await counts()).toEqual({ media: 1, news: 0 });
  });

  it("refuses a save that names an upload deleted since the form was opened, next to the field; nothing written", async () => {
    const stored = await storeUpload({
      bytes: await sidewaysPhoneJpeg({ width: 600, height: 300 }),
      kind: "photo",
    });
    if (!stored.ok) throw new Error(stored.message);
    // Chosen from the library in one tab, deleted from the library in another.
    expect(await deleteMedia({ id: stored.media.id })).toMatchObject({ deleted: true });
    const fields = {
      intent: "save",
      title: "Kept title",
      content: "Kept text.",
      image: stored.media.url,
      imageAlt: "The team",
    };
    // Without a request id (no JavaScript), and with one (the outbox's transaction).
    const withoutId: Record<string, string> = {};
    for (const extra of [withoutId, { [REQUEST_ID_FIELD]: crypto.randomUUID() }]) {
      const response = await postNews({ ...fields, ...extra });
      expect(response.status).toBe(409);
      const html = decode(await response.text());
      expect(html).toContain(MEDIA_MESSAGES.deleted);
      expect(html).toContain("Kept text.");
    }
    expect(await counts()).toEqual({ media: 0, news: 0 });
  });

  it("reads no body without a session", async () => {
    const form = new FormData();
    form.set("imageFile", new File([new Uint8Array(await sidewaysPhoneJpeg())], "a.jpg"));
    const response = await fetch(`${app.url}/admin/news`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url },
      body: form,
    });
    expect([302, 401, 403]).toContain(response.status);
    expect(await counts()).toEqual({ media: 0, news: 0 });
  });
});
