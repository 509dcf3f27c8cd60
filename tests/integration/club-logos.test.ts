import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { clubSettings, media, sponsors } from "../../app/db/schema.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { clubFormDefaults } from "../../app/domain/club/club.schema.ts";
import { forgetClub, getClubSettings } from "../../app/domain/club/club.server.ts";
import { deleteMedia } from "../../app/domain/media/media.server.ts";
import { MEDIA_MESSAGES, parseMediaRef } from "../../app/domain/media/rules.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";
import { plainImage, SCRIPTED_SVG } from "../media-fixtures.ts";

// Logos by upload (ADR 013, ADR 017): a sponsor's logo and a governing body's logo are
// uploaded with their forms; the public pages show the upload; an upload in use is kept.

const PASSWORD = "amber-kettle-river-42";

describeWithDatabases("sponsor and governing body logos by upload", ({ db }) => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle());
    await createAdministrator({ email: "logos@club.example", password: PASSWORD });
    cookie = await signIn({ app, email: "logos@club.example", password: PASSWORD });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await db().delete(sponsors);
    await db().delete(clubSettings);
    await db().delete(media);
    forgetClub();
  });

  const post = (path: string, form: FormData) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, cookie },
      body: form,
    });
  const file = (bytes: Uint8Array | string, name: string) =>
    new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name);

  it("stores a sponsor's uploaded logo, shows it on /sponsors, and keeps it while in use", async () => {
    const form = new FormData();
    form.set("intent", "save");
    form.set("name", "Harbour Hardware");
    form.set("href", "https://harbour-hardware.example");
    form.set("tier", "Partner");
    form.set("logo", "");
    form.set("logoFile", file(await plainImage({ width: 400, height: 160 }), "logo.png"));
    expect((await post("/admin/sponsors", form)).status).toBe(302);
    const [sponsor] = await db().select().from(sponsors);
    const ref = parseMediaRef(sponsor?.logo);
    expect(ref, sponsor?.logo ?? "no logo").not.toBeNull();
    const page = await (await fetch(`${app.url}/sponsors`)).text();
    expect(page).toContain(`/media/${ref?.hash}-`);
    expect(page).toContain('alt="Harbour Hardware"');
    // In use: the library refuses to delete it and says where.
    const [stored] = await db().select().from(media);
    const outcome = await deleteMedia({ id: stored?.id ?? "" });
    expect(outcome).toMatchObject({
      deleted: false,
      uses: [{ label: "Sponsor: Harbour Hardware" }],
    });
  });

  it("refuses a scripted SVG as a sponsor's logo next to the field; nothing stored", async () => {
    const form = new FormData();
    form.set("intent", "save");
    form.set("name", "Sneaky Ltd");
    form.set("href", "https://sneaky.example");
    form.set("tier", "Supporter");
    form.set("logoFile", file(SCRIPTED_SVG, "logo.svg"));
    const response = await post("/admin/sponsors", form);
    expect(response.status).toBe(400);
    const html = (await response.text()).replaceAll("&#x27;", "'");
    expect(html).toContain(MEDIA_MESSAGES.svgUnsafe);
    expect(await db().select().from(sponsors)).toEqual([]);
    expect(await db().select().from(media)).toEqual([]);
  });

  it("stores a governing body's logo and a video's thumbnail uploaded with Club details; the home page shows them", async () => {
    const { id, details } = await getClubSettings();
    const values = clubFormDefaults({ id, details });
    const form = new FormData();
    form.set("intent", "save");
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === "string") form.set(name, value);
      else
        value.forEach((row, index) => {
          for (const [cell, text] of Object.entries(row))
            form.set(`${name}[${index}].${cell}`, text);
        });
    }
    const last = details.governingBodies.length; // the empty row
    form.set(`governingBodies[${last}].name`, "Powerchair Football Ireland");
    form.set(`governingBodies[${last}].href`, "https://pfi.example");
    form.set(
      `governingBodyLogoFile${last}`,
      file(await plainImage({ width: 300, height: 120, alpha: true }), "pfi.png"),
    );
    const video = details.shortVideos.length; // the empty row
    form.set(`shortVideos[${video}].id`, "7401234567890123999");
    form.set(`shortVideos[${video}].title`, "Cup final highlights");
    form.set(
      `videoThumbnailFile${video}`,
      file(await plainImage({ width: 360, height: 640, format: "jpeg" }), "final.jpg"),
    );
    expect((await post("/admin/club", form)).status).toBe(302);
    const saved = (await getClubSettings()).details.governingBodies.at(-1);
    expect(saved?.name).toBe("Powerchair Football Ireland");
    const ref = parseMediaRef(saved?.logo);
    expect(ref, saved?.logo ?? "no logo").not.toBeNull();
    const home = await (await fetch(`${app.url}/`)).text();
    expect(home).toContain(`/media/${ref?.hash}-`);
    expect(home).toContain('alt="Powerchair Football Ireland"');
    const thumbnail = parseMediaRef(
      (await getClubSettings()).details.shortVideos.at(-1)?.thumbnail,
    );
    expect(thumbnail).not.toBeNull();
    expect(home).toContain(`/media/${thumbnail?.hash}-`);
    expect(home).toContain("Cup final highlights");
  });
});
