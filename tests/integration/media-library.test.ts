import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import {
  clubSettings,
  leagueTable,
  media,
  news,
  pageTexts,
  sponsors,
  teamMembers,
  venues,
} from "../../app/db/schema.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { defaultClubDetails } from "../../app/domain/club/club.schema.ts";
import { listMedia, storeUpload } from "../../app/domain/media/media.server.ts";
import { MEDIA_PLACES } from "../../app/domain/media/places.server.ts";
import { buildNews, buildTableRow, buildTeamMember } from "../../scripts/factories.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";
import { plainImage } from "../media-fixtures.ts";

// The media library over HTTP (ADR 017): every place that can show an upload is found, the
// total is every upload's stored bytes, a used upload's delete is refused by the server with
// its places (whatever the browser sent), an unused one is deleted and Undo brings it back.

const PASSWORD = "amber-kettle-river-42";

describeWithDatabases("the media library", ({ db }) => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle());
    await createAdministrator({ email: "library@club.example", password: PASSWORD });
    cookie = await signIn({ app, email: "library@club.example", password: PASSWORD });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    for (const table of [
      news,
      teamMembers,
      leagueTable,
      sponsors,
      pageTexts,
      clubSettings,
      media,
    ]) {
      await db().delete(table);
    }
    await db().update(venues).set({ accessGuide: {} });
  });

  /** A distinct upload: each size is another file. */
  async function upload(width: number, fileName: string, kind: "photo" | "logo" = "photo") {
    const stored = await storeUpload({
      bytes: await plainImage({ width, height: 100, format: "jpeg" }),
      kind,
      fileName,
    });
    if (!stored.ok) throw new Error(stored.message);
    return stored.media;
  }

  const post = (fields: Record<string, string>) =>
    fetch(`${app.url}/admin/media`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: app.url,
        cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields),
    });

  it("finds an upload in every place that can show one, with a link to the record's screen", async () => {
    const photo = await upload(400, "final.jpg");
    const logo = await upload(200, "crest.png", "logo");
    await upload(300, "spare.jpg");
    const [item] = await db()
      .insert(news)
      .values(
        buildNews({ title: "Cup final", image: photo.url, imageAlt: "The team with the cup" }),
      )
      .returning();
    const [person] = await db()
      .insert(teamMembers)
      .values(
        buildTeamMember({
          name: "Aoife Byrne",
          image: null,
          bio: `<p><img src="${photo.url.replace(/-\d+x\d+\.jpg$/, "-320.jpg")}" alt=""></p>`,
        }),
      )
      .returning();
    const [row] = await db()
      .insert(leagueTable)
      .values(buildTableRow({ team: "Rovers", logo: logo.url }))
      .returning();
    const [sponsor] = await db()
      .insert(sponsors)
      .values({ name: "Acme Bakery", href: "https://acme.example", logo: logo.url })
      .returning();
    const [about] = await db()
      .insert(pageTexts)
      .values({ key: "about-who", html: `<p>Us <img src="${photo.url}" alt="The squad"></p>` })
      .returning();
    const [venue] = await db()
      .update(venues)
      .set({ accessGuide: { photos: [{ src: photo.url, alt: "The ramp to the door" }] } })
      .where(eq(venues.name, "UL Arena"))
      .returning();
    const details = defaultClubDetails();
    await db()
      .insert(clubSettings)
      .values({
        details: {
          ...details,
          governingBodies: [
            { name: "Football League", href: "https://league.example", logo: logo.url },
          ],
          shortVideos: [{ id: "7301", title: "Match day", thumbnail: photo.url }],
          // ADR 037: the crest and the home page's picture.
          crest: logo.url,
          heroImage: photo.url,
          heroImageAlt: "The squad",
        },
      });

    const { items, totalBytes } = await listMedia();
    const uses = Object.fromEntries(items.map((entry) => [entry.fileName, entry.uses]));
    expect(uses["final.jpg"]).toEqual([
      { label: "News: Cup final", href: `/admin/news?edit=${item?.id}` },
      { label: "Team: Aoife Byrne", href: `/admin/team?edit=${person?.id}` },
      { label: "Pages: About: Who We Are", href: `/admin/pages?edit=${about?.id}` },
      { label: "Venue: UL Arena", href: `/admin/venues/${venue?.id}/access` },
      { label: "Home page picture", href: "/admin/club" },
      { label: "Home video: Match day", href: "/admin/club" },
    ]);
    expect(uses["crest.png"]).toEqual([
      { label: "League table: Rovers", href: `/admin/table?edit=${row?.id}` },
      { label: "Sponsor: Acme Bakery", href: `/admin/sponsors?edit=${sponsor?.id}` },
      { label: "Club crest", href: "/admin/club" },
      { label: "Governing body: Football League", href: "/admin/club" },
    ]);
    expect(uses["spare.jpg"]).toEqual([]);
    // Every place in the one list was found above: a new place needs a case here too.
    expect(MEDIA_PLACES.map((place) => place.name)).toEqual([
      "News",
      "Team",
      "League table",
      "Sponsors",
      "Pages",
      "Venue access guides",
      "Club details",
    ]);
    // The news photo's description names it; the total is every upload's stored files.
    expect(items.find((entry) => entry.fileName === "final.jpg")?.description).toBe(
      "The team with the cup",
    );
    const stored = await db().select({ bytes: media.storedBytes }).from(media);
    expect(totalBytes).toBe(stored.reduce((sum, entry) => sum + entry.bytes, 0));
    expect(totalBytes).toBeGreaterThan(0);

    // The library page shows the total and the places.
    const page = await (await fetch(`${app.url}/admin/media`, { headers: { cookie } })).text();
    expect(page).toContain("3 uploads use");
    expect(page).toContain(`href="/admin/sponsors?edit=${sponsor?.id}"`);
  });

  it("refuses to delete an upload in use, naming its places; deletes an unused one; Undo brings it back", async () => {
    const used = await upload(400, "final.jpg");
    const unused = await upload(300, "spare.jpg");
    await db()
      .insert(news)
      .values(buildNews({ title: "Cup final", image: used.url }));

    const refused = await post({ intent: "delete", id: used.id });
    expect(refused.status).toBe(409);
    const body = await refused.text();
    expect(body).toContain("“final.jpg” is still used (1 place): News: Cup final.");
    expect(body).toContain("Nothing was deleted.");
    expect((await fetch(`${app.url}${used.url}`)).status).toBe(200);

    const deleted = await post({ intent: "delete", id: unused.id });
    expect(deleted.status).toBe(200);
    const token = /name="token" value="([0-9a-f-]{36})"/.exec(await deleted.text())?.[1];
    expect(token).toBeDefined();
    expect((await fetch(`${app.url}${unused.url}`)).status).toBe(404);
    expect((await listMedia()).items.map((entry) => entry.fileName)).toEqual(["final.jpg"]);

    const restored = await post({ intent: "undo", token: token ?? "" });
    expect(restored.status).toBe(200);
    const again = await fetch(`${app.url}${unused.url}`);
    expect(again.status).toBe(200);
    expect(again.headers.get("content-type")).toBe("image/jpeg");
    const [back] = await db().select().from(media).where(eq(media.id, unused.id));
    expect(back?.fileName).toBe("spare.jpg");
    // Twice is too late.
    expect((await post({ intent: "undo", token: token ?? "" })).status).toBe(410);
  });

  it("counts an image inside a page text as used: names the page and refuses to delete it", async () => {
    const photo = await upload(500, "squad.jpg");
    await db()
      .insert(pageTexts)
      .values({ key: "about-mission", html: `<p><img src="${photo.url}" alt="The squad"></p>` });
    const { items } = await listMedia();
    expect(
      items.find((entry) => entry.fileName === "squad.jpg")?.uses.map((use) => use.label),
    ).toEqual(["Pages: About: Our Mission"]);
    const refused = await post({ intent: "delete", id: photo.id });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      "“squad.jpg” is still used (1 place): Pages: About: Our Mission.",
    );
    expect((await fetch(`${app.url}${photo.url}`)).status).toBe(200);
  });

  it("lists earlier uploads of the field's kind for Choose from library, only for an administrator", async () => {
    const photo = await upload(400, "final.jpg");
    await upload(200, "crest.png", "logo");
    const signedOut = await fetch(`${app.url}/admin/media/choices?kind=photo`, {
      redirect: "manual",
    });
    expect(signedOut.status).toBe(302);
    const response = await fetch(`${app.url}/admin/media/choices?kind=photo`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    const { choices } = (await response.json()) as {
      choices: { url: string; thumbnail: string }[];
    };
    expect(choices.map((choice) => choice.url)).toEqual([photo.url]);
    expect((await fetch(`${app.url}${choices[0]?.thumbnail}`)).status).toBe(200);
  });
});
