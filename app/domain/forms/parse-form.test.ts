import { describe, expect, it } from "vitest";
import { ROLES } from "../admin/screens.ts";
import { inviteSchema } from "../auth/auth.schema.ts";
import { contactSchema } from "../contact/contact.schema.ts";
import { fixtureFormSchema, SCORER_ROWS_MAX } from "../fixtures/fixture.schema.ts";
import { newsFormSchema } from "../news/news.schema.ts";
import { teamMemberSchema } from "../team/team.schema.ts";
import { formFieldsOf, parseForm } from "./parse-form.ts";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("parseForm (rules §12)", () => {
  it("answers the 39-byte attack with the form's own fields only", () => {
    const submission = parseForm(
      form([
        ["name", ""],
        ["email", "bad"],
        ["message", "x"],
        ["z[10000000]", "1"],
      ]),
      { schema: contactSchema },
    );
    expect(submission.status).toBe("error");
    const reply = JSON.stringify(submission.reply());
    expect(reply.length).toBeLessThan(1000);
    expect(reply).not.toContain('"z"');
  });

  it("gives what was typed back without control characters", () => {
    const submission = parseForm(
      form([
        ["title", "Cup\u0000 final\u001b[2J"],
        ["content", "Line one\r\nline\ttwo\u0007"],
      ]),
      { schema: newsFormSchema },
    );
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.initialValue).toMatchObject({
      title: "Cup final[2J",
      content: "Line one\r\nline\ttwo",
    });
  });

  it("keeps the rows of a list up to the schema's maximum, and each field once", () => {
    const kept = formFieldsOf(
      form([
        ["opponent", "Cork"],
        ["opponent", "again"],
        ["scorers[0].name", "Ann"],
        ["scorers[0].minute", "5"],
        ["scorers[0].shoe", "9"],
        [`scorers[${SCORER_ROWS_MAX - 1}].name`, "Last"],
        [`scorers[${SCORER_ROWS_MAX}].name`, "Too many"],
        ["scorers[10000000].name", "Sparse"],
        ["intent", "save"],
      ]),
      fixtureFormSchema({ timeZone: "Europe/Dublin" }),
    );
    expect([...kept.keys()]).toEqual([
      "opponent",
      "scorers[0].name",
      "scorers[0].minute",
      `scorers[${SCORER_ROWS_MAX - 1}].name`,
    ]);
    expect(kept.get("opponent")).toBe("Cork");
  });

  it("takes a group of check boxes (one name, a value each) up to the list's maximum", () => {
    const one = parseForm(
      form([
        ["email", "press@club.example"],
        ["roles", "editor"],
      ]),
      { schema: inviteSchema },
    );
    expect(one.status === "success" && one.value.roles).toEqual(["editor"]);
    const two = parseForm(
      form([
        ["email", "press@club.example"],
        ["roles", "team-manager"],
        ["roles", "editor"],
      ]),
      { schema: inviteSchema },
    );
    expect(two.status === "success" && two.value.roles).toEqual(["team-manager", "editor"]);
    const many = formFieldsOf(
      form(Array.from({ length: 500 }, () => ["roles", "editor"] as [string, string])),
      inviteSchema,
    );
    // One of each role at most (ROLES.length).
    expect(many.getAll("roles").length).toBe(ROLES.length);
    expect(
      parseForm(form([["email", "press@club.example"]]), { schema: inviteSchema }).status,
    ).toBe("error");
  });

  it("knows the fields under refinements, transforms, defaults and preprocessing", () => {
    const names = (schema: Parameters<typeof formFieldsOf>[1], fields: string[]) => [
      ...formFieldsOf(form(fields.map((name) => [name, "1"])), schema).keys(),
    ];
    expect(names(newsFormSchema, ["id", "title", "content", "image", "category", "x"])).toEqual([
      "id",
      "title",
      "content",
      "image",
      "category",
    ]);
    expect(names(teamMemberSchema, ["name", "number", "goals", "bio", "role", "evil"])).toEqual([
      "name",
      "number",
      "goals",
      "bio",
      "role",
    ]);
    expect(names(contactSchema, ["name", "email", "message", "website", "extra"])).toEqual([
      "name",
      "email",
      "message",
      "website",
    ]);
  });

  it("keeps Conform's intents only when they name the form's own fields and rows", () => {
    const intent = (value: object) =>
      formFieldsOf(
        form([["__intent__", JSON.stringify(value)]]),
        fixtureFormSchema({ timeZone: "Europe/Dublin" }),
      ).has("__intent__");
    expect(intent({ type: "insert", payload: { name: "scorers", defaultValue: {} } })).toBe(true);
    expect(intent({ type: "remove", payload: { name: "scorers", index: 3 } })).toBe(true);
    expect(intent({ type: "validate", payload: { name: "opponent" } })).toBe(true);
    expect(intent({ type: "update", payload: { name: "z[10000000]", value: "1" } })).toBe(false);
    expect(intent({ type: "update", payload: { name: "scorers", index: 10000000 } })).toBe(false);
    expect(intent({ type: "explode", payload: {} })).toBe(false);
  });
});
