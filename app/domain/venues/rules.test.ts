import { describe, expect, it } from "vitest";
import { accessSections, accessSummary, venueJsonLd, venueSlug, venueSlugs } from "./rules.ts";

describe("venue addresses (rules §2 Venue page)", () => {
  it("makes a slug from the name, without accents", () => {
    expect(venueSlug("UL Arena")).toBe("ul-arena");
    expect(venueSlug("Páirc Uí Chaoimh (Hall 2)")).toBe("pairc-ui-chaoimh-hall-2");
  });

  it("tells two names with one slug apart by the list's order", () => {
    const slugs = venueSlugs([{ name: "Café A" }, { name: "Cafe A" }, { name: "Other" }]);
    expect([...slugs.values()]).toEqual(["cafe-a", "cafe-a-2", "other"]);
  });
});

describe("accessSummary (rules §2 Venue page)", () => {
  it("says nothing it does not know, and asks to check before travelling", () => {
    const summary = accessSummary({ name: "Gym", address: "", guide: {} });
    expect(summary).toHaveLength(3);
    expect(summary.join(" ")).not.toMatch(/not step-free|There is no /);
    expect(summary.join(" ")).toMatch(/Ask us before you travel/);
  });

  it("gives three to five short sentences from what is known", () => {
    const summary = accessSummary({
      name: "UL Arena",
      address: "Plassey Park Road\nLimerick",
      guide: {
        stepFree: "yes",
        parkingBays: 6,
        parkingDistanceMetres: 30,
        changingPlaces: "yes",
        spectatorSpaces: 8,
        checkedOn: "2026-03-12",
      },
    });
    expect(summary).toEqual([
      "UL Arena is at Plassey Park Road, Limerick.",
      "There is step-free access from the car park to the court.",
      "There are 6 accessible parking bays, about 30 m from the entrance.",
      "There is a Changing Places toilet, with a hoist and an adult-sized bench.",
      "The club last checked this on 12 March 2026.",
    ]);
  });

  it("says a 'no' as no", () => {
    const summary = accessSummary({ name: "Hall", address: "", guide: { stepFree: "no" } });
    expect(summary).toContain("The way from the car park to the court is not step-free.");
  });
});

describe("accessSections (rules §2 Venue page)", () => {
  it("has one section per topic, and an unknown answer is left out rather than 'No'", () => {
    const sections = accessSections({ accessibleToilet: "yes" });
    expect(sections.map((section) => section.title)).toEqual([
      "Getting there",
      "Parking",
      "From the car park to the court",
      "Toilets",
      "The court",
      "Watching",
      "Charging a powerchair",
    ]);
    const toilets = sections.find((section) => section.id === "toilets");
    expect(toilets?.items).toEqual([{ label: "Accessible toilet", value: "Yes" }]);
    expect(sections.find((section) => section.id === "way-in")?.items).toEqual([]);
  });
});

describe("venueJsonLd (rules §10 Structured data)", () => {
  it("is a Place with only the known features as LocationFeatureSpecification", () => {
    const place = venueJsonLd({
      name: "UL Arena",
      address: "Limerick",
      mapUrl: "https://maps.example/ul",
      pageUrl: "https://club.example/venues/ul-arena",
      guide: {
        stepFree: "yes",
        changingPlaces: "no",
        photos: [{ src: "/media/x.jpg", alt: "The ramp" }],
      },
    });
    expect(place).toMatchObject({
      "@type": "Place",
      name: "UL Arena",
      hasMap: "https://maps.example/ul",
      amenityFeature: [
        {
          "@type": "LocationFeatureSpecification",
          name: "Step-free access from parking to the court",
          value: true,
        },
        { "@type": "LocationFeatureSpecification", name: "Changing Places toilet", value: false },
      ],
      photo: [
        {
          "@type": "ImageObject",
          contentUrl: "https://club.example/media/x.jpg",
          description: "The ramp",
        },
      ],
    });
  });
});
