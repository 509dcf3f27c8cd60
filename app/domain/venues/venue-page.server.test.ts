import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { venues } from "../../db/schema.ts";
import { forgetClub } from "../club/club.server.ts";
import {
  createVenue,
  removeVenue,
  restoreVenue,
  updateVenue,
  updateVenueAccessGuide,
} from "../fixtures/venues.server.ts";
import { venueLinks, venuePage, venuesById } from "./venue-page.server.ts";

// The venue page's model and the access guide's writes (ADR 031), on both databases.

describeWithDatabases("venue pages and access guides (ADR 031)", ({ db }) => {
  beforeEach(async () => {
    await db().delete(venues).where(eq(venues.name, "Tralee Sports Hall"));
    forgetClub();
  });

  it("stores a guide, shows it on the venue's page, and keeps it through a rename and an Undo", async () => {
    const venue = await createVenue({
      values: { name: "Tralee Sports Hall", address: "Castle Street", mapUrl: null },
    });
    expect(
      await updateVenueAccessGuide({ id: venue.id, guide: { stepFree: "yes", parkingBays: 2 } }),
    ).toEqual({
      id: venue.id,
    });
    const page = await venuePage({ slug: "tralee-sports-hall" });
    expect(page?.summary).toContain("There is step-free access from the car park to the court.");
    expect(page?.jsonLd).toMatchObject({ "@type": "Place", name: "Tralee Sports Hall" });
    expect((await venueLinks())["Tralee Sports Hall"]).toBe("/venues/tralee-sports-hall");
    expect((await venuesById()).get(venue.id)).toEqual({
      name: "Tralee Sports Hall",
      path: "/venues/tralee-sports-hall",
    });

    // Editing the name and address leaves the guide as it is.
    await updateVenue({
      id: venue.id,
      values: { name: "Tralee Sports Hall", address: "Castle Street, Tralee", mapUrl: null },
    });
    const removed = await removeVenue({ id: venue.id });
    if (!removed || !("token" in removed)) throw new Error("not removed");
    expect(await venuePage({ slug: "tralee-sports-hall" })).toBeNull();
    await restoreVenue({ token: removed.token });
    const [restored] = await db().select().from(venues).where(eq(venues.id, venue.id));
    expect(restored?.accessGuide).toEqual({ stepFree: "yes", parkingBays: 2 });
  });

  it("answers null for an unknown address and for the guide of a venue that is gone", async () => {
    expect(await venuePage({ slug: "no-such-hall" })).toBeNull();
    expect(
      await updateVenueAccessGuide({ id: "00000000-0000-4000-8000-000000000000", guide: {} }),
    ).toBeNull();
  });
});
