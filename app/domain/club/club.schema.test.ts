import { describe, expect, it } from "vitest";
import {
  clubFormDefaults,
  clubFormSchema,
  defaultClubDetails,
  detailsFromForm,
  isLogo,
  paragraphs,
  readClubDetails,
} from "./club.schema.ts";

const form = (changes: Record<string, unknown> = {}) => {
  const { phoneContacts, governingBodies, ...fields } = clubFormDefaults({
    id: "5f0c2a56-8f8e-4d55-a8d6-1e1a4f3b9d11",
    details: defaultClubDetails(),
  });
  return { ...fields, phoneContacts, governingBodies, ...changes };
};

describe("clubFormSchema", () => {
  it("takes the defaults and turns them back into the same details", () => {
    const parsed = clubFormSchema.safeParse(form());
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(detailsFromForm(parsed.data)).toEqual(defaultClubDetails());
  });

  it("drops empty list rows and refuses a half-filled one", () => {
    const parsed = clubFormSchema.parse(
      form({
        phoneContacts: [
          { role: "Chair", name: "Sam", phone: "+353 1 555 0100" },
          { role: "", name: "", phone: "" },
        ],
      }),
    );
    expect(parsed.phoneContacts).toEqual([
      { role: "Chair", name: "Sam", phone: "+353 1 555 0100" },
    ]);
    const half = clubFormSchema.safeParse(
      form({ phoneContacts: [{ role: "Chair", name: "", phone: "" }] }),
    );
    expect(half.success).toBe(false);
    expect(half.error?.issues[0]?.path).toEqual(["phoneContacts", 0, "name"]);
  });

  it("refuses a colour pair under 4.5:1 on the colour's own field", () => {
    const light = clubFormSchema.safeParse(form({ primaryColour: "#8fbcd4" }));
    expect(light.success).toBe(false);
    expect(light.error?.issues.map((issue) => issue.path)).toContainEqual(["primaryColour"]);
    expect(light.error?.issues[0]?.message).toMatch(/under the 4\.5:1 that text needs/);
    const accent = clubFormSchema.safeParse(form({ accentColour: "#1f5a80" }));
    expect(accent.error?.issues.map((issue) => issue.path)).toContainEqual(["accentColour"]);
    expect(clubFormSchema.safeParse(form({ primaryColour: "blue" })).success).toBe(false);
  });

  it("keeps social links optional, and https only", () => {
    const none = clubFormSchema.parse(
      form({ facebook: "", instagram: "", youtube: "", tiktok: "", x: "", bluesky: "" }),
    );
    expect(detailsFromForm(none).social).toEqual({});
    const bluesky = clubFormSchema.parse(
      form({ bluesky: "https://bsky.app/profile/club.example" }),
    );
    expect(detailsFromForm(bluesky).social.bluesky).toBe("https://bsky.app/profile/club.example");
    for (const bad of ["http://x.example", "javascript:alert(1)", "www.club.example"]) {
      expect(clubFormSchema.safeParse(form({ x: bad })).success).toBe(false);
    }
  });

  it("checks the year, the map position, the e-mail and the analytics id", () => {
    for (const changes of [
      { founded: "12" },
      { founded: "twenty" },
      { latitude: "91" },
      { longitude: "-181" },
      { email: "not an address" },
      { analyticsId: "UA-1234" },
      { url: "ftp://club.example" },
    ]) {
      expect(clubFormSchema.safeParse(form(changes)).success, JSON.stringify(changes)).toBe(false);
    }
    expect(clubFormSchema.parse(form({ analyticsId: "G-ABC123DEF4" })).analyticsId).toBe(
      "G-ABC123DEF4",
    );
  });
});

describe("stored details", () => {
  it("are checked when read: nonsense is null, a missing detail gets its default", () => {
    expect(readClubDetails({ colours: "pink" })).toBeNull();
    expect(readClubDetails({ shortName: "Hawks" })?.shortName).toBe("Hawks");
    expect(readClubDetails(null)).toEqual(defaultClubDetails());
  });

  it("take logos as https addresses or bundled names", () => {
    expect(isLogo("https://cdn.example/logo.png")).toBe(true);
    expect(isLogo("sport-ireland")).toBe(true);
    expect(isLogo("http://cdn.example/logo.png")).toBe(false);
    expect(isLogo("../secret")).toBe(false);
  });

  it("split plain text into paragraphs at empty lines", () => {
    expect(paragraphs("One\nstill one\n\n  Two  \n\n\n")).toEqual(["One\nstill one", "Two"]);
  });
});

describe("a new club's details and its own look (decisions 35, ADR 037)", () => {
  const crest = "/media/0123456789abcdef01234567-512x512.png";
  const photo = "/media/fedcba9876543210fedcba98-1920x1080.jpg";

  it("start with no e-mail and no address, and save without them", () => {
    const start = defaultClubDetails();
    expect([start.email, Object.values(start.address).join("")]).toEqual(["", ""]);
    expect(readClubDetails(start)).toEqual(start);
    const parsed = clubFormSchema.parse(form({ email: "", venue: "", country: "" }));
    expect(detailsFromForm(parsed).email).toBe("");
  });

  it("take an uploaded crest and home picture, the picture only with its description", () => {
    const parsed = clubFormSchema.parse(
      form({ crest, heroImage: photo, heroImageAlt: "The squad", league: "Western League" }),
    );
    expect(detailsFromForm(parsed)).toMatchObject({
      crest,
      heroImage: photo,
      heroImageAlt: "The squad",
      league: "Western League",
    });
    const undescribed = clubFormSchema.safeParse(form({ heroImage: photo, heroImageAlt: "" }));
    expect(undescribed.success).toBe(false);
    expect(undescribed.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "heroImageAlt",
    ]);
  });

  it("refuse a crest that is not an upload", () => {
    for (const value of ["https://cdn.example/crest.png", "aipf", "/images/crest.png"]) {
      expect(clubFormSchema.safeParse(form({ crest: value })).success, value).toBe(false);
      expect(readClubDetails({ ...defaultClubDetails(), crest: value }), value).toBeNull();
    }
  });

  it("keep the checklist's dismissal through a save of the form", () => {
    const parsed = clubFormSchema.parse(form());
    expect(detailsFromForm(parsed).setupDismissed).toBeUndefined();
    expect(detailsFromForm(parsed, { setupDismissed: true }).setupDismissed).toBe(true);
  });
});
