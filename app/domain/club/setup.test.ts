import { describe, expect, it } from "vitest";
import { defaultClubDetails } from "./rules.ts";
import { type SetupFacts, setupChecklist, showLegalReminder, showSetupChecklist } from "./setup.ts";

const start: SetupFacts = {
  details: defaultClubDetails(),
  players: 0,
  fixtures: 0,
  privacySaved: false,
  termsSaved: false,
};

const doneKeys = (facts: SetupFacts) =>
  setupChecklist(facts)
    .filter((item) => item.done)
    .map((item) => item.key);

describe("the setup checklist (decisions 35)", () => {
  it("lists the seven jobs of a new club, none done, each with its screen", () => {
    const items = setupChecklist(start);
    expect(items.map((item) => [item.label, item.href, item.done])).toEqual([
      ["Name and crest", "/admin/club#club-details-heading", false],
      ["Colours", "/admin/club#club-details-heading", false],
      ["Contact details", "/admin/club#club-details-heading", false],
      ["The site's public address", "/admin/club#club-details-heading", false],
      ["First players", "/admin/team", false],
      ["First fixture", "/admin/fixtures", false],
      ["Legal pages reviewed", "/admin/pages", false],
    ]);
    expect(showSetupChecklist(items, false)).toBe(true);
  });

  it("ticks name and crest only with both", () => {
    const named = { ...start.details, name: "Harbour Hawks" };
    expect(doneKeys({ ...start, details: named })).toEqual([]);
    expect(
      doneKeys({ ...start, details: { ...start.details, crest: "/media/a-1x1.png" } }),
    ).toEqual([]);
    expect(doneKeys({ ...start, details: { ...named, crest: "/media/a-1x1.png" } })).toEqual([
      "name-and-crest",
    ]);
  });

  it("ticks the colours when either differs from the starting pair", () => {
    const colours = { ...start.details.colours, accent: "#ffd166" };
    expect(doneKeys({ ...start, details: { ...start.details, colours } })).toEqual(["colours"]);
  });

  it("ticks contact details with an e-mail and some of an address, not either alone", () => {
    const email = { ...start.details, email: "hello@hawks.example" };
    const address = { ...start.details.address, locality: "Galway" };
    expect(doneKeys({ ...start, details: email })).toEqual([]);
    expect(doneKeys({ ...start, details: { ...start.details, address } })).toEqual([]);
    expect(doneKeys({ ...start, details: { ...email, address } })).toEqual(["contact"]);
  });

  it("ticks the public address only for one the public can reach", () => {
    for (const url of [
      "http://localhost:3000",
      "http://127.0.0.1:8080",
      "https://shannonside-storm.example",
    ]) {
      expect(doneKeys({ ...start, details: { ...start.details, url } })).toEqual([]);
    }
    expect(doneKeys({ ...start, details: { ...start.details, url: "https://hawks.org" } })).toEqual(
      ["public-address"],
    );
  });

  it("ticks players, fixtures and the legal pages from the data", () => {
    expect(doneKeys({ ...start, players: 1, fixtures: 1 })).toEqual(["players", "fixture"]);
    expect(doneKeys({ ...start, privacySaved: true })).toEqual([]);
    expect(doneKeys({ ...start, privacySaved: true, termsSaved: true })).toEqual(["legal"]);
  });

  it("goes away when everything is done or it is dismissed; the legal reminder stays", () => {
    const items = setupChecklist(start);
    expect(showSetupChecklist(items, true)).toBe(false);
    expect(showLegalReminder(items)).toBe(true);
    const all = setupChecklist({
      details: {
        ...start.details,
        name: "Harbour Hawks",
        crest: "/media/a-1x1.png",
        colours: { primary: "#5a1a8c", accent: "#ffd166" },
        email: "hello@hawks.example",
        address: { ...start.details.address, locality: "Galway" },
        url: "https://hawks.org",
      },
      players: 4,
      fixtures: 2,
      privacySaved: true,
      termsSaved: true,
    });
    expect(all.every((item) => item.done)).toBe(true);
    expect(showSetupChecklist(all, false)).toBe(false);
    expect(showLegalReminder(all)).toBe(false);
  });
});
