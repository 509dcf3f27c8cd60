import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { TEAM_FIELD_LIMITS, teamMemberSchema } from "./team.schema.ts";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("teamMemberSchema (rules §5 Team form)", () => {
  it("fills the defaults: role Player, TBD texts, 0 numbers, no image, empty bio", () => {
    const submission = parseWithZod(form({ name: " John Smith " }), { schema: teamMemberSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      name: "John Smith",
      role: "Player",
      number: "TBD",
      position: "TBD",
      classification: "TBD",
      playingSince: "TBD",
      goals: 0,
      assists: 0,
      yellowCards: 0,
      redCards: 0,
      displayOrder: 0,
      image: null,
      bio: "",
    });
  });

  it("turns empty and non-numeric numbers into 0 and keeps whole numbers", () => {
    const submission = parseWithZod(
      form({
        name: "A",
        goals: "abc",
        assists: "",
        yellowCards: "2",
        redCards: " 1 ",
        displayOrder: "7",
        number: "",
        position: "  ",
      }),
      { schema: teamMemberSchema },
    );
    expect(submission.status === "success" && submission.value).toMatchObject({
      goals: 0,
      assists: 0,
      yellowCards: 2,
      redCards: 1,
      displayOrder: 7,
      number: "TBD",
      position: "TBD",
    });
  });

  it("keeps what was typed: role, texts, image address, bio", () => {
    const value = teamMemberSchema.parse({
      id: "0b5b4a4e-8a8f-4c1e-9b1a-3c1f2b7d9e10",
      name: "Siobhán Keane",
      role: "Head Coach",
      number: "",
      position: "Coach",
      classification: "PF1",
      playingSince: "2012",
      image: " /images/demo/coach.jpg ",
      bio: "<p>Hi</p>",
    });
    expect(value).toMatchObject({
      id: "0b5b4a4e-8a8f-4c1e-9b1a-3c1f2b7d9e10",
      role: "Head Coach",
      position: "Coach",
      classification: "PF1",
      playingSince: "2012",
      image: "/images/demo/coach.jpg",
      bio: "<p>Hi</p>",
    });
  });

  it("is idempotent, so the server can check a parsed value again", () => {
    const once = teamMemberSchema.parse({ name: "A", goals: "3", image: "" });
    expect(teamMemberSchema.parse(once)).toEqual(once);
  });

  it("refuses a missing name, negative and fractional numbers, bad roles and images", () => {
    const submission = parseWithZod(
      form({
        name: "   ",
        role: "Chairman",
        goals: "-1",
        redCards: "1.5",
        displayOrder: String(TEAM_FIELD_LIMITS.displayOrderMax + 1),
        image: "javascript:alert(1)",
      }),
      { schema: teamMemberSchema },
    );
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      name: ["Please enter the name."],
      role: ["Please choose a role."],
      goals: ["Please enter 0 or more."],
      redCards: ["Please enter a whole number."],
      displayOrder: [`Please enter ${TEAM_FIELD_LIMITS.displayOrderMax} or less.`],
      image: ["Please enter an address starting with https:// or /."],
    });
  });

  it("refuses over-long fields and a malformed id", () => {
    const result = teamMemberSchema.safeParse({
      id: "not-an-id",
      name: "x".repeat(TEAM_FIELD_LIMITS.nameMax + 1),
      number: "1".repeat(TEAM_FIELD_LIMITS.numberMax + 1),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "id",
      "name",
      "number",
    ]);
  });
});
