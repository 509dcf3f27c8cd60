import { describe, expect, it } from "vitest";
import {
  ACCESS_MESSAGES,
  accessGuideFormDefaults,
  accessGuideSchema,
  guideFromForm,
  readAccessGuide,
} from "./access-guide.schema.ts";

const id = "00000000-0000-4000-8000-000000000001";

function errorsOf(input: Record<string, unknown>, today?: string) {
  const result = accessGuideSchema({ today }).safeParse({ id, ...input });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe("accessGuideSchema (ADR 031)", () => {
  it("keeps only what was filled in: empty is unknown", () => {
    const form = accessGuideSchema().parse({ id, stepFree: "yes", parkingBays: "4", floor: "" });
    expect(guideFromForm(form)).toEqual({ stepFree: "yes", parkingBays: 4 });
  });

  it("refuses numbers out of range, an unknown answer and a day in the future", () => {
    expect(errorsOf({ parkingBays: "-1", doorWidthCm: "20", stepFree: "maybe" })).toEqual({
      parkingBays: ACCESS_MESSAGES.count,
      doorWidthCm: ACCESS_MESSAGES.door,
      stepFree: ACCESS_MESSAGES.answer,
    });
    expect(errorsOf({ checkedOn: "2026-12-01" }, "2026-11-28")).toEqual({
      checkedOn: ACCESS_MESSAGES.checkedInFuture,
    });
  });

  it("asks for a photo's description", () => {
    expect(Object.keys(errorsOf({ photo1: "/media/abc.jpg" }))).toEqual(["photo1Alt"]);
  });

  it("round-trips a stored guide through the form", () => {
    const guide = {
      changingPlaces: "no" as const,
      spectatorSpaces: 3,
      photos: [{ src: "/media/a.jpg", alt: "Door" }],
    };
    const form = accessGuideSchema().parse(accessGuideFormDefaults({ id, guide }));
    expect(guideFromForm(form)).toEqual(guide);
  });

  it("reads a damaged stored guide as all unknown", () => {
    expect(readAccessGuide({ stepFree: "perhaps" })).toEqual({});
    expect(readAccessGuide(null)).toEqual({});
  });
});
