import { describe, expect, it } from "vitest";
import { sponsorTiers } from "../../db/schema.ts";
import { RULE_TIERS } from "./rules.ts";
import {
  moveSponsorInTier,
  sortSponsors,
  sponsorFormSchema,
  sponsorsByTier,
  tierHeading,
} from "./sponsors.schema.ts";

const sponsor = (
  id: string,
  tier: "Official Sponsor" | "Partner" | "Supporter",
  order: number,
) => ({
  id,
  name: id,
  tier,
  displayOrder: order,
});

describe("sponsor order", () => {
  const list = [
    sponsor("s1", "Supporter", 1),
    sponsor("o2", "Official Sponsor", 2),
    sponsor("p1", "Partner", 1),
    sponsor("o1", "Official Sponsor", 1),
  ];

  it("is by tier, then display order", () => {
    expect(sortSponsors(list).map((entry) => entry.id)).toEqual(["o1", "o2", "p1", "s1"]);
    expect(sponsorsByTier(list).map((group) => [group.tier, group.sponsors.length])).toEqual([
      ["Official Sponsor", 2],
      ["Partner", 1],
      ["Supporter", 1],
    ]);
    expect(tierHeading("Official Sponsor")).toBe("Official Sponsors");
  });

  it("moves within the tier only", () => {
    expect(moveSponsorInTier({ list, id: "o2", direction: "up" })).toEqual({
      orders: new Map([
        ["o2", 1],
        ["o1", 2],
      ]),
      position: 1,
      count: 2,
      moved: true,
    });
    expect(moveSponsorInTier({ list, id: "p1", direction: "up" })).toMatchObject({
      moved: false,
      position: 1,
      count: 1,
    });
    expect(moveSponsorInTier({ list, id: "nobody", direction: "up" })).toBeNull();
  });
});

describe("sponsorFormSchema", () => {
  const valid = { name: "Bank", href: "https://bank.example", tier: "Partner" };

  it("takes a name, an https link and a tier; logo and text are optional", () => {
    expect(sponsorFormSchema.parse(valid)).toEqual({ ...valid, logo: undefined, text: undefined });
    expect(
      sponsorFormSchema.parse({ ...valid, logo: "https://cdn.example/bank.svg", text: "Thanks!" }),
    ).toMatchObject({ logo: "https://cdn.example/bank.svg", text: "Thanks!" });
  });

  it("refuses what it should", () => {
    for (const changes of [
      { name: "" },
      { href: "http://bank.example" },
      { href: "javascript:alert(1)" },
      { tier: "Gold" },
      { logo: "data:image/png;base64,AAAA" },
      { text: "x".repeat(301) },
    ]) {
      expect(
        sponsorFormSchema.safeParse({ ...valid, ...changes }).success,
        JSON.stringify(changes),
      ).toBe(false);
    }
  });
});

describe("the sponsor tiers", () => {
  it("are listed in the same order for the pages as in the database's check", () => {
    expect(RULE_TIERS).toEqual(sponsorTiers);
  });
});
