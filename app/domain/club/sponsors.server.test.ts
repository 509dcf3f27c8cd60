import { beforeEach, expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { deletedRecords, sponsors } from "../../db/schema.ts";
import { forgetClub, getClub } from "./club.server.ts";
import type { SponsorInput } from "./sponsors.schema.ts";
import {
  createSponsor,
  getSponsor,
  listSponsors,
  moveSponsor,
  removeSponsor,
  restoreSponsor,
  updateSponsor,
} from "./sponsors.server.ts";

const input = (name: string, tier: SponsorInput["tier"]): SponsorInput => ({
  name,
  href: `https://${name.toLowerCase().replace(/\W+/g, "-")}.example`,
  tier,
});
const names = async () =>
  (await listSponsors()).map((sponsor) => `${sponsor.tier}: ${sponsor.name}`);

describeWithDatabases("sponsors (ADR 013)", ({ db }) => {
  beforeEach(async () => {
    await db().delete(sponsors);
    await db().delete(deletedRecords);
    forgetClub();
  });

  it("adds each sponsor last in its tier and lists them by tier, then order", async () => {
    await createSponsor(input("Corner Shop", "Supporter"));
    await createSponsor(input("Bank", "Official Sponsor"));
    await createSponsor(input("Physio", "Partner"));
    await createSponsor(input("Garage", "Official Sponsor"));
    expect(await names()).toEqual([
      "Official Sponsor: Bank",
      "Official Sponsor: Garage",
      "Partner: Physio",
      "Supporter: Corner Shop",
    ]);
    const created = await createSponsor({
      ...input("Bakery", "Supporter"),
      logo: "https://cdn.example/bakery.png",
      text: "Cakes for every home game.",
    });
    expect(await getSponsor({ id: created.id })).toMatchObject({
      name: "Bakery",
      logo: "https://cdn.example/bakery.png",
      text: "Cakes for every home game.",
      displayOrder: 2,
    });
  });

  it("shows a change on the site's next read (the cached club is forgotten)", async () => {
    await getClub();
    const bank = await createSponsor(input("Bank", "Official Sponsor"));
    expect((await getClub()).sponsors.map((sponsor) => sponsor.name)).toEqual(["Bank"]);
    await updateSponsor({ id: bank.id, input: input("Credit Union", "Official Sponsor") });
    expect((await getClub()).sponsors.map((sponsor) => sponsor.name)).toEqual(["Credit Union"]);
    await removeSponsor({ id: bank.id });
    expect((await getClub()).sponsors).toEqual([]);
  });

  it("moves a sponsor to the end of its new tier when the tier changes", async () => {
    const bank = await createSponsor(input("Bank", "Official Sponsor"));
    await createSponsor(input("Physio", "Partner"));
    const moved = await updateSponsor({ id: bank.id, input: input("Bank", "Partner") });
    expect(moved).toMatchObject({ tier: "Partner", displayOrder: 2 });
    expect(await names()).toEqual(["Partner: Physio", "Partner: Bank"]);
  });

  it("answers null when updating a sponsor that is gone", async () => {
    expect(
      await updateSponsor({
        id: "00000000-0000-4000-8000-000000000000",
        input: input("Gone", "Partner"),
      }),
    ).toBeNull();
  });

  it("moves up and down within the tier only, numbering it again", async () => {
    const a = await createSponsor(input("A", "Official Sponsor"));
    const b = await createSponsor(input("B", "Official Sponsor"));
    await createSponsor(input("P", "Partner"));
    expect(await moveSponsor({ id: b.id, direction: "up" })).toEqual({
      name: "B",
      tier: "Official Sponsor",
      position: 1,
      count: 2,
      moved: true,
    });
    expect(await names()).toEqual(["Official Sponsor: B", "Official Sponsor: A", "Partner: P"]);
    // At the bottom of its tier, A does not jump into the next tier.
    expect(await moveSponsor({ id: a.id, direction: "down" })).toMatchObject({
      position: 2,
      moved: false,
    });
    expect(
      await moveSponsor({ id: "00000000-0000-4000-8000-000000000000", direction: "up" }),
    ).toBeNull();
  });

  it("deletes at once and puts the sponsor back with the same id and place (Undo), once", async () => {
    await createSponsor(input("A", "Official Sponsor"));
    const b = await createSponsor(input("B", "Official Sponsor"));
    await createSponsor(input("C", "Official Sponsor"));
    const removed = await removeSponsor({ id: b.id });
    expect(removed?.sponsor.name).toBe("B");
    expect(await names()).toEqual(["Official Sponsor: A", "Official Sponsor: C"]);
    const restored = await restoreSponsor({ token: removed?.token ?? "" });
    expect(restored).toMatchObject({ id: b.id, name: "B", displayOrder: 2 });
    expect(await names()).toEqual([
      "Official Sponsor: A",
      "Official Sponsor: B",
      "Official Sponsor: C",
    ]);
    expect(await restoreSponsor({ token: removed?.token ?? "" })).toBeNull();
    expect(await removeSponsor({ id: "not-a-uuid" })).toBeNull();
  });
});
