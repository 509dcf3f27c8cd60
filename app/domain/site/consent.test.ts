import { describe, expect, it } from "vitest";
import { isMeasurementId } from "../../config/measurement-id.ts";
import { mayLoadEmbed, mayRunAnalytics, parseConsent, shouldShowBanner } from "./consent.ts";

describe("parseConsent", () => {
  it("accepts only the two stored values", () => {
    expect(parseConsent("accepted")).toBe("accepted");
    expect(parseConsent("declined")).toBe("declined");
    expect(parseConsent("Accepted")).toBeNull();
    expect(parseConsent("")).toBeNull();
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent(undefined)).toBeNull();
  });
});

describe("shouldShowBanner", () => {
  it("stays hidden while the choice is not known yet (server, hydration)", () => {
    expect(shouldShowBanner({ consent: undefined, reopened: false })).toBe(false);
    expect(shouldShowBanner({ consent: undefined, reopened: true })).toBe(false);
  });
  it("shows when no choice is stored", () => {
    expect(shouldShowBanner({ consent: null, reopened: false })).toBe(true);
  });
  it("hides after a choice, and shows again when reopened", () => {
    expect(shouldShowBanner({ consent: "declined", reopened: false })).toBe(false);
    expect(shouldShowBanner({ consent: "accepted", reopened: false })).toBe(false);
    expect(shouldShowBanner({ consent: "declined", reopened: true })).toBe(true);
  });
});

describe("mayRunAnalytics", () => {
  it("runs only after Accept and with a measurement id", () => {
    expect(mayRunAnalytics({ consent: "accepted", measurementId: "G-ABC123DEF4" })).toBe(true);
    expect(mayRunAnalytics({ consent: "accepted", measurementId: "" })).toBe(false);
    expect(mayRunAnalytics({ consent: "declined", measurementId: "G-ABC123DEF4" })).toBe(false);
    expect(mayRunAnalytics({ consent: null, measurementId: "G-ABC123DEF4" })).toBe(false);
    expect(mayRunAnalytics({ consent: undefined, measurementId: "G-ABC123DEF4" })).toBe(false);
  });
  it("recognises GA4 measurement ids only", () => {
    expect(isMeasurementId("G-ABC123DEF4")).toBe(true);
    expect(isMeasurementId("UA-12345-1")).toBe(false);
    expect(isMeasurementId("G-abc")).toBe(false);
    expect(isMeasurementId('G-ABCD"><script>')).toBe(false);
  });
});

describe("mayLoadEmbed", () => {
  it("loads on request, or after Accept, and not otherwise", () => {
    expect(mayLoadEmbed({ consent: null, requested: true })).toBe(true);
    expect(mayLoadEmbed({ consent: "declined", requested: true })).toBe(true);
    expect(mayLoadEmbed({ consent: "accepted", requested: false })).toBe(true);
    expect(mayLoadEmbed({ consent: "declined", requested: false })).toBe(false);
    expect(mayLoadEmbed({ consent: null, requested: false })).toBe(false);
    expect(mayLoadEmbed({ consent: undefined, requested: false })).toBe(false);
  });
});
