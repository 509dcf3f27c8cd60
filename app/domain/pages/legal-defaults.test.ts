import { describe, expect, it } from "vitest";
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
});
