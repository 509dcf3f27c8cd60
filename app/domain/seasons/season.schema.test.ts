import { describe, expect, it } from "vitest";
import { SEASON_FORM_MESSAGES, seasonFormSchema } from "./season.schema.ts";

describe("the Start a new season form", () => {
  it("takes a name and two days", () => {
    expect(
      seasonFormSchema.parse({ label: " 2027/28 ", startsOn: "2027-08-01", endsOn: "2028-07-31" }),
    ).toEqual({ label: "2027/28", startsOn: "2027-08-01", endsOn: "2028-07-31" });
  });

  it("refuses a last day before the first, an empty name and a name without letters or digits", () => {
    const result = seasonFormSchema.safeParse({
      label: "//",
      startsOn: "2027-08-01",
      endsOn: "2027-07-31",
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toContain(SEASON_FORM_MESSAGES.labelNoAddress);
    expect(messages).toContain(SEASON_FORM_MESSAGES.endsBeforeStart);
    expect(seasonFormSchema.safeParse({ label: "", startsOn: "x", endsOn: "" }).success).toBe(
      false,
    );
  });
});
