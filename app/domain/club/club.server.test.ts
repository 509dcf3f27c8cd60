import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { demoClub } from "../../../scripts/demo-club.ts";
import { buildFixture } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import { club } from "../../config/club.ts";
import { clubSettings, competitions, fixtures, sponsors, venues } from "../../db/schema.ts";
import { defaultClubDetails } from "./club.schema.ts";
import {
  forgetClub,
  getClub,
  getClubSettings,
  getClubTimeZone,
  lastKnownClub,
  loadClubDefaultsIfEmpty,
  MIGRATED_DEMO_LISTS,
  saveClubDetails,
} from "./club.server.ts";

describeWithDatabases("club details (ADR 013)", ({ db }) => {
  beforeEach(async () => {
    await db().delete(clubSettings);
    await db().delete(sponsors);
    forgetClub();
  });

  it("are the defaults from config/club.ts, with no sponsors, in an empty database", async () => {
    const club = await getClub();
    expect(club.details).toEqual(defaultClubDetails());
    expect(club.sponsors).toEqual([]);
  });

  it("load config/club.ts into an empty database once: a new club's values, no sponsors", async () => {
    expect(await loadClubDefaultsIfEmpty(db(), { demo: true })).toBe(true);
    const [row] = await db().select().from(clubSettings);
    expect(row?.details).toEqual(defaultClubDetails());
    const club = await getClub();
    expect(club.details.name).not.toMatch(/Shannonside|Storm/);
    expect(club.details.phoneContacts).toEqual([]);
    expect(club.details.email).toBe("");
    expect(club.sponsors).toEqual([]);
    // With the demo content to come, the migrated demo lists stay for it (decisions 35).
    expect((await db().select().from(venues)).map((venue) => venue.name)).toContain("UL Arena");
    // A sponsor added later and deleted: a restart does not bring anything back.
    await db().insert(sponsors).values({ name: "Quay Cafe", href: "https://quay.example" });
    await db().delete(sponsors);
    expect(await loadClubDefaultsIfEmpty(db(), { demo: false })).toBe(false);
    expect(await db().select().from(sponsors)).toEqual([]);
    // A database in use keeps its lists, demo names included (it has details).
    expect((await db().select().from(venues)).map((venue) => venue.name)).toContain("UL Arena");
  });

  it("decisions 35: a new club's first start removes the migrated demo lists nothing uses", async () => {
    await db().delete(clubSettings);
    await db()
      .insert(fixtures)
      .values(buildFixture({ opponent: "Cork Comets", location: "UL Arena", type: "Friendly" }));
    expect(await loadClubDefaultsIfEmpty(db(), { demo: false })).toBe(true);
    const venueNames = (await db().select().from(venues)).map((venue) => venue.name);
    // Used by a fixture: kept. The others: gone.
    expect(venueNames.filter((name) => MIGRATED_DEMO_LISTS.venues.includes(name as never))).toEqual(
      ["UL Arena"],
    );
    expect((await db().select().from(competitions)).map((item) => item.name).sort()).toEqual([
      "Friendly",
      "Training",
    ]);
    expect(MIGRATED_DEMO_LISTS.venues).toEqual(demoClub.venues.map((venue) => venue.name));
    expect(MIGRATED_DEMO_LISTS.competitions).toEqual(
      demoClub.competitions
        .filter((item) => !club.competitions.some((kept) => kept.name === item.name))
        .map((item) => item.name),
    );
    await db().delete(fixtures);
  });

  it("saves the details and shows them on the next read, without a restart", async () => {
    await getClub(); // cached now
    const { id, details } = await getClubSettings();
    const changed = {
      ...details,
      name: "Harbour Hawks Powerchair Football Club",
      shortName: "Harbour Hawks",
      colours: { primary: "#5a1a8c", accent: "#ffd166" },
      social: { instagram: "https://www.instagram.com/hawks.example" },
    };
    expect(await saveClubDetails({ id, details: changed })).toEqual({ id });
    const club = await getClub();
    expect(club.details.shortName).toBe("Harbour Hawks");
    expect(club.details.colours).toEqual({ primary: "#5a1a8c", accent: "#ffd166" });
    expect(club.details.social).toEqual({ instagram: "https://www.instagram.com/hawks.example" });
    expect(lastKnownClub().details.shortName).toBe("Harbour Hawks");
    // The time zone the server's dates are worked out in follows the save at once.
    await saveClubDetails({
      id,
      details: { ...changed, timeZone: "America/Halifax", teamName: "Hawks" },
    });
    expect(await getClubTimeZone()).toBe("America/Halifax");
    await saveClubDetails({ id, details: changed });
    expect(await getClubTimeZone()).toBe("Europe/Dublin");
    // The one row: saving again updates it.
    expect(await db().select().from(clubSettings)).toHaveLength(1);
  });

  it("refuses details that are not valid (a colour pair under 4.5:1) and changes nothing", async () => {
    const { id, details } = await getClubSettings();
    await expect(
      saveClubDetails({
        id,
        details: { ...details, colours: { primary: "#9ecae1", accent: "#f2b233" } },
      }),
    ).rejects.toThrow();
    const [row] = await db().select().from(clubSettings).where(eq(clubSettings.id, id));
    expect(row?.details).toEqual(details);
  });

  it("answers null for an id that is not the row", async () => {
    await getClubSettings();
    expect(
      await saveClubDetails({
        id: "00000000-0000-4000-8000-000000000000",
        details: defaultClubDetails(),
      }),
    ).toBeNull();
  });

  it("keeps one read in memory until it is forgotten (a change notice, an admin write)", async () => {
    const { id } = await getClubSettings();
    expect((await getClub()).details.shortName).toBe(defaultClubDetails().shortName);
    // Written behind the accessor's back (another process, a script): not seen yet…
    await db()
      .update(clubSettings)
      .set({ details: { ...defaultClubDetails(), shortName: "Written Elsewhere" } })
      .where(eq(clubSettings.id, id));
    expect((await getClub()).details.shortName).toBe(defaultClubDetails().shortName);
    // …until the change notice arrives.
    forgetClub();
    expect((await getClub()).details.shortName).toBe("Written Elsewhere");
  });

  it("checks what it reads: a document edited by hand into nonsense shows the defaults", async () => {
    const { id } = await getClubSettings();
    await db().execute(
      sql`update club_settings set details = '{"name": 42, "colours": "pink"}'::jsonb where id = ${id}`,
    );
    forgetClub();
    expect((await getClub()).details).toEqual(defaultClubDetails());
  });

  it("fills a detail missing from an older document with its default", async () => {
    const { id } = await getClubSettings();
    const { sponsorPitch: _, ...older } = { ...defaultClubDetails(), shortName: "Older" };
    await db().update(clubSettings).set({ details: older }).where(eq(clubSettings.id, id));
    forgetClub();
    const { details } = await getClub();
    expect(details.shortName).toBe("Older");
    expect(details.sponsorPitch).toBe(defaultClubDetails().sponsorPitch);
  });
});
