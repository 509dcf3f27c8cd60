import { describe, expect, it } from "vitest";
import { teamRoles } from "../../db/schema.ts";
import {
  dashIfMissing,
  defaultBio,
  hasProfilePage,
  isAllowedImageUrl,
  moveInGroup,
  resolvePhoto,
  slugFitsName,
  slugify,
  sortTeam,
  splitName,
  statValue,
  TEAM_ROLES,
  textOrTbd,
  uniqueSlug,
} from "./rules.ts";

describe("slugify", () => {
  it("lower-cases, hyphenates and drops accents and apostrophes", () => {
    expect(slugify("Siobhán Keane")).toBe("siobhan-keane");
    expect(slugify("Seán O'Brien")).toBe("sean-obrien");
    expect(slugify("  Mary-Kate   Ní Dhomhnaill ")).toBe("mary-kate-ni-dhomhnaill");
  });

  it("leaves nothing but letters, digits and single hyphens", () => {
    expect(slugify("J.J. #7 (captain)!")).toBe("j-j-7-captain");
    expect(slugify("!!!")).toBe("");
  });
});

describe("uniqueSlug", () => {
  it("uses the plain slug when it is free", () => {
    expect(uniqueSlug({ name: "John Smith", taken: new Set() })).toBe("john-smith");
  });

  it("gives a second 'John Smith' a distinct slug", () => {
    expect(uniqueSlug({ name: "John Smith", taken: new Set(["john-smith"]) })).toBe("john-smith-2");
    const taken = new Set(["john-smith", "john-smith-2"]);
    expect(uniqueSlug({ name: "John Smith", taken })).toBe("john-smith-3");
  });

  it("falls back to a neutral slug for a name without letters", () => {
    expect(uniqueSlug({ name: "???", taken: new Set() })).toBe("member");
  });
});

describe("team form defaults (rules §5, §9)", () => {
  it("turns an empty text field into TBD and trims the rest", () => {
    expect(textOrTbd("")).toBe("TBD");
    expect(textOrTbd("   ")).toBe("TBD");
    expect(textOrTbd(undefined)).toBe("TBD");
    expect(textOrTbd(null)).toBe("TBD");
    expect(textOrTbd(" Striker ")).toBe("Striker");
    expect(textOrTbd(7)).toBe("7");
  });

  it("turns an empty or non-numeric stat into 0 and keeps numbers as typed", () => {
    expect(statValue("")).toBe(0);
    expect(statValue("  ")).toBe(0);
    expect(statValue(undefined)).toBe(0);
    expect(statValue(null)).toBe(0);
    expect(statValue("abc")).toBe(0);
    expect(statValue("NaN")).toBe(0);
    expect(statValue("Infinity")).toBe(0);
    expect(statValue(Number.NaN)).toBe(0);
    expect(statValue("12")).toBe(12);
    expect(statValue(" 3 ")).toBe(3);
    expect(statValue(4)).toBe(4);
    // Numeric but not storable: kept, so the schema can say why it is refused.
    expect(statValue("-2")).toBe(-2);
    expect(statValue("1.5")).toBe(1.5);
  });
});

describe("splitName", () => {
  it("shows the first word as the first name and the rest as the last name", () => {
    expect(splitName("Aisling Murphy")).toEqual({ firstName: "Aisling", lastName: "Murphy" });
    expect(splitName("  Mary-Kate  Ní Dhomhnaill ")).toEqual({
      firstName: "Mary-Kate",
      lastName: "Ní Dhomhnaill",
    });
    expect(splitName("Pelé")).toEqual({ firstName: "Pelé", lastName: "" });
  });
});

describe("resolvePhoto (decisions 11)", () => {
  const bundled = { "siobhan-keane": "/assets/siobhan-keane.svg" };
  const fallback = "/assets/default.svg";

  it("uses the image URL when it is set", () => {
    expect(
      resolvePhoto({
        image: "https://cdn.example/s.jpg",
        slug: "siobhan-keane",
        bundled,
        fallback,
      }),
    ).toBe("https://cdn.example/s.jpg");
  });

  it("uses the bundled photo for the slug when there is no image URL", () => {
    expect(resolvePhoto({ image: null, slug: "siobhan-keane", bundled, fallback })).toBe(
      "/assets/siobhan-keane.svg",
    );
    expect(resolvePhoto({ image: "  ", slug: "siobhan-keane", bundled, fallback })).toBe(
      "/assets/siobhan-keane.svg",
    );
  });

  it("uses the default photo for everyone else", () => {
    expect(resolvePhoto({ image: null, slug: "john-smith", bundled, fallback })).toBe(fallback);
    expect(resolvePhoto({ image: undefined, slug: "constructor", bundled, fallback })).toBe(
      fallback,
    );
  });
});

describe("isAllowedImageUrl", () => {
  it("accepts https addresses and paths on this site, not http (rules §12: the CSP blocks it)", () => {
    expect(isAllowedImageUrl("https://cdn.example/p.jpg")).toBe(true);
    expect(isAllowedImageUrl("http://cdn.example/p.jpg")).toBe(false);
    expect(isAllowedImageUrl("/images/demo/p.svg")).toBe(true);
  });

  it("refuses other schemes, other hosts without a scheme and junk", () => {
    expect(isAllowedImageUrl("javascript:alert(1)")).toBe(false);
    expect(isAllowedImageUrl("data:image/png;base64,AAAA")).toBe(false);
    expect(isAllowedImageUrl("//evil.example/p.jpg")).toBe(false);
    expect(isAllowedImageUrl("/\\evil.example/p.jpg")).toBe(false);
    expect(isAllowedImageUrl("photo.jpg")).toBe(false);
  });
});

describe("dashIfMissing (rules §3: shown as a dash when missing)", () => {
  it("shows a dash for TBD, empty and missing values", () => {
    expect(dashIfMissing("TBD")).toBe("—");
    expect(dashIfMissing("tbd")).toBe("—");
    expect(dashIfMissing("")).toBe("—");
    expect(dashIfMissing(null)).toBe("—");
    expect(dashIfMissing(undefined)).toBe("—");
    expect(dashIfMissing("PF1")).toBe("PF1");
  });
});

describe("roles and order", () => {
  it("has the database's roles, players first", () => {
    expect(TEAM_ROLES).toEqual(teamRoles);
    expect(TEAM_ROLES[0]).toBe("Player");
  });

  it("gives only players a profile page", () => {
    expect(hasProfilePage("Player")).toBe(true);
    expect(hasProfilePage("Head Coach")).toBe(false);
    expect(hasProfilePage("Assistant Coach")).toBe(false);
  });

  it("lists players, then the head coach, then assistants; each by display order, then name", () => {
    const people = [
      { name: "Zoe Assistant", role: "Assistant Coach", displayOrder: 1 },
      { name: "Head", role: "Head Coach", displayOrder: 5 },
      { name: "Brian Player", role: "Player", displayOrder: 2 },
      { name: "Aoife Player", role: "Player", displayOrder: 2 },
      { name: "Cara Player", role: "Player", displayOrder: 1 },
      { name: "Adam Assistant", role: "Assistant Coach", displayOrder: 1 },
    ];
    expect(sortTeam(people).map((p) => p.name)).toEqual([
      "Cara Player",
      "Aoife Player",
      "Brian Player",
      "Head",
      "Adam Assistant",
      "Zoe Assistant",
    ]);
    // The input is left as it was.
    expect(people[0]?.name).toBe("Zoe Assistant");
  });
});

describe("defaultBio", () => {
  it("names the player and the club", () => {
    const text = defaultBio({ name: "Liam Kavanagh", clubName: "Shannonside Storm" });
    expect(text).toMatch(/^Liam is part of the Shannonside Storm squad\./);
  });
});

describe("moveInGroup (Move up / Move down in Manage Team)", () => {
  const person = (id: string, role: string, displayOrder: number) => ({
    id,
    role,
    displayOrder,
    name: id,
  });
  const team = [
    person("a", "Player", 1),
    person("b", "Player", 2),
    person("c", "Player", 5),
    person("coach", "Head Coach", 1),
    person("d", "Player", 5),
  ];

  it("swaps with the neighbour in the role group and numbers the group 1, 2, 3…", () => {
    const move = moveInGroup({ members: team, id: "c", direction: "up" });
    expect(move?.position).toBe(2);
    expect(move?.count).toBe(4);
    expect(move?.moved).toBe(true);
    expect(Object.fromEntries(move?.orders ?? [])).toEqual({ a: 1, c: 2, b: 3, d: 4 });
  });

  it("stays put at the top or the bottom of its group, and never crosses into another", () => {
    expect(moveInGroup({ members: team, id: "a", direction: "up" })).toMatchObject({
      position: 1,
      moved: false,
    });
    expect(moveInGroup({ members: team, id: "coach", direction: "down" })).toMatchObject({
      position: 1,
      count: 1,
      moved: false,
    });
  });

  it("knows nobody who is not in the list", () => {
    expect(moveInGroup({ members: team, id: "zz", direction: "down" })).toBeNull();
  });
});

describe("a slug that fits the name", () => {
  it("is the name's slug or it with a number; another name does not fit", () => {
    expect(slugFitsName({ slug: "john-smith", name: "John Smith" })).toBe(true);
    expect(slugFitsName({ slug: "john-smith-2", name: "john  SMITH" })).toBe(true);
    expect(slugFitsName({ slug: "john-smith", name: "Jon Smith" })).toBe(false);
    expect(slugFitsName({ slug: "john-smith-jones", name: "John Smith" })).toBe(false);
    expect(slugFitsName({ slug: "siobhan-keane", name: "Siobhán Keane" })).toBe(true);
  });
});
