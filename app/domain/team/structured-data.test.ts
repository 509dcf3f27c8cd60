import { describe, expect, it } from "vitest";
import { playerJsonLd } from "./structured-data.ts";

describe("playerJsonLd (rules §10 Structured data)", () => {
  const site = { name: "Shannonside Storm", url: "https://storm.example" };

  it("describes the player as a Person of the club's team, with absolute addresses", () => {
    expect(
      playerJsonLd({
        player: { name: "Aoife Byrne", slug: "aoife-byrne" },
        description: "Aoife Byrne, Striker.",
        photo: "/assets/aoife.svg",
        site,
      }),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "Person",
      name: "Aoife Byrne",
      givenName: "Aoife",
      familyName: "Byrne",
      url: "https://storm.example/team/aoife-byrne",
      image: "https://storm.example/assets/aoife.svg",
      description: "Aoife Byrne, Striker.",
      memberOf: {
        "@type": "SportsTeam",
        name: "Shannonside Storm",
        sport: "Powerchair football",
        url: "https://storm.example",
      },
    });
  });

  it("gives no family name to a player known by one name, and keeps an absolute photo", () => {
    const data = playerJsonLd({
      player: { name: "Pelé", slug: "pele" },
      description: "",
      photo: "https://cdn.example/pele.jpg",
      site,
    });
    expect(data).not.toHaveProperty("familyName");
    expect(data.image).toBe("https://cdn.example/pele.jpg");
  });
});
