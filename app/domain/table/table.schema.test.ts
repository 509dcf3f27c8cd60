import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { TABLE_MESSAGES as M, tableRowFormDefaults, tableRowFormSchema } from "./table.schema.ts";

function submit(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  const submission = parseWithZod(formData, { schema: tableRowFormSchema });
  return Object.assign(submission, {
    error: submission.status === "error" ? submission.error : undefined,
  });
}

const base = {
  team: "Cork Comets",
  played: "11",
  won: "5",
  drawn: "3",
  lost: "3",
  gf: "18",
  ga: "16",
  points: "18",
};

describe("league table form (rules §5 League table form)", () => {
  it("accepts whole numbers of 0 or more", () => {
    const submission = submit({ ...base, logo: "https://cdn.example/cork.png" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.values).toEqual({
      team: "Cork Comets",
      played: 11,
      won: 5,
      drawn: 3,
      lost: 3,
      gf: 18,
      ga: 16,
      points: 18,
      logo: "https://cdn.example/cork.png",
      manual: false,
    });
  });

  it("keeps the club's row as entered by hand when ticked (ADR 016)", () => {
    const submission = submit({ ...base, manual: "on" });
    expect(submission.status === "success" && submission.value.values.manual).toBe(true);
  });

  it("keeps hand-edited points", () => {
    const submission = submit({ ...base, points: "15" });
    expect(submission.status === "success" && submission.value.values.points).toBe(15);
  });

  it("works out points left empty as 3 per win plus 1 per draw", () => {
    const submission = submit({ ...base, points: "" });
    expect(submission.status === "success" && submission.value.values.points).toBe(18);
  });

  it("refuses numbers below zero, fractions and text", () => {
    for (const [field, value] of [
      ["points", "-1"],
      ["gf", "-3"],
      ["ga", "2.5"],
      ["won", "lots"],
      ["played", ""],
    ] as const) {
      const submission = submit({ ...base, [field]: value });
      expect(submission.status, `${field}=${value}`).toBe("error");
      expect(submission.error?.[field], `${field}=${value}`).toEqual([M.wholeNumber]);
    }
  });

  it("requires played to equal won + drawn + lost, with a clear message", () => {
    const submission = submit({ ...base, played: "12" });
    expect(submission.error?.played).toEqual([
      "Played must equal won + drawn + lost (5 + 3 + 3 = 11).",
    ]);
  });

  it("requires the team and checks the logo address", () => {
    expect(submit({ ...base, team: " " }).error?.team).toEqual([M.teamRequired]);
    expect(submit({ ...base, logo: "javascript:alert(1)" }).error?.logo).toEqual([M.logoInvalid]);
    expect(submit({ ...base, logo: "//evil.example/x.png" }).error?.logo).toEqual([M.logoInvalid]);
    expect(submit({ ...base, logo: "/images/cork.png" }).error?.logo).toEqual([M.logoInvalid]);
    expect(submit({ ...base, logo: "http://cdn.example/cork.png" }).error?.logo).toEqual([
      M.logoInvalid,
    ]);
    const none = submit(base);
    expect(none.status === "success" && none.value.values.logo).toBeNull();
  });

  it("fills an edit form from a stored row", () => {
    expect(
      tableRowFormDefaults({
        id: "x",
        team: "Cork Comets",
        played: 11,
        won: 5,
        drawn: 3,
        lost: 3,
        gf: 18,
        ga: 16,
        points: 18,
        logo: null,
      }),
    ).toEqual({ id: "x", ...base, logo: "", manual: "" });
  });
});

describe("every message at once", () => {
  it("reports played not adding up together with other problems", () => {
    const submission = submit({ ...base, team: "", played: "4" });
    expect(submission.error?.team).toEqual([M.teamRequired]);
    expect(submission.error?.played).toEqual([
      "Played must equal won + drawn + lost (5 + 3 + 3 = 11).",
    ]);
  });
});
