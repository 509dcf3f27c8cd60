import { describe, expect, it } from "vitest";
import { UNSAVED_PAGES_KEY } from "../../service-worker/constants.ts";
import { MESSAGE_KEEP_MONTHS } from "../contact/rules.ts";
import { LIVE_ANNOUNCE_KEY } from "../live/rules.ts";
import { CONSENT_KEY } from "../site/consent.ts";
import { privacyPolicyDefault, privacyPolicyTemplate, termsTemplate } from "./legal-defaults.ts";

const newClub = {
  name: "Harbour Hawks",
  email: "",
  address: { venue: "", street: "", locality: "", postcode: "", country: "" },
};

describe("a new club's legal texts (decisions 35)", () => {
  it("are a template that says so, with gaps for what the club has not entered", () => {
    const privacy = privacyPolicyTemplate(newClub);
    expect(privacy.startsWith("<p><strong>Template to adapt.</strong>")).toBe(true);
    expect(privacy).toContain("The data controller is Harbour Hawks, [the club's postal address].");
    expect(privacy).toContain("[the club's e-mail address]");
    expect(privacy).toContain("[the data protection authority of the club's country");
    const terms = termsTemplate(newClub);
    expect(terms.startsWith("<p><strong>Template to adapt.</strong>")).toBe(true);
    expect(terms).toContain("the laws of [the club's country]");
    // Written for no one country.
    for (const text of [privacy, terms]) {
      expect(text).not.toMatch(/Ireland|Irish|dataprotection\.ie/);
    }
  });

  it("name the club's address once it has one, leaving out its empty parts", () => {
    const address = {
      venue: "",
      street: "Quay Street",
      locality: "Galway",
      postcode: "",
      country: "",
    };
    expect(privacyPolicyDefault({ ...newClub, email: "hi@hawks.org", address })).toContain(
      "The data controller is Harbour Hawks, Quay Street, Galway.",
    );
  });

  it("names every cookie and browser store the site uses, and when contact messages are erased (ADR 051)", () => {
    const privacy = privacyPolicyTemplate(newClub);
    for (const name of [CONSENT_KEY, UNSAVED_PAGES_KEY, LIVE_ANNOUNCE_KEY, "clubsite_session"]) {
      expect(privacy).toContain(`<strong>${name}</strong>`);
    }
    expect(privacy).toContain("<strong>Saved pages</strong>");
    expect(privacy).toContain("<strong>Outbox</strong>");
    expect(privacy).toContain(`no longer than ${MESSAGE_KEEP_MONTHS} months; older ones`);
  });
});
