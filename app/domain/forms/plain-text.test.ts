import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { loginSchema } from "../auth/auth.schema.ts";
import { contactSchema } from "../contact/contact.schema.ts";
import { fixtureFormSchema } from "../fixtures/fixture.schema.ts";
import { newsFormSchema } from "../news/news.schema.ts";
import { tableRowFormSchema } from "../table/table.schema.ts";
import { teamMemberSchema } from "../team/team.schema.ts";
import { CONTROL_CHARACTERS_MESSAGE, plainText } from "./plain-text.ts";

// rules §12: every text field of every form refuses control characters with a field
// message (a NUL byte used to reach PostgreSQL and fail the request with a 500).

function submit(schema: z.ZodType, fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema });
}

const forms: { name: string; schema: z.ZodType; valid: Record<string, string>; text: string[] }[] =
  [
    {
      name: "contact",
      schema: contactSchema,
      valid: { name: "Aoife", email: "aoife@example.com", message: "Hello, when is training?" },
      text: ["name", "email", "message"],
    },
    {
      name: "login",
      schema: loginSchema,
      valid: { email: "a@b.ie", password: "secret", redirectTo: "/admin" },
      text: ["email", "password", "redirectTo"],
    },
    {
      name: "news",
      schema: newsFormSchema,
      valid: {
        title: "Win",
        content: "We won.",
        image: "https://x.ie/a.png",
        imageAlt: "The team celebrating",
        category: "Match",
      },
      text: ["title", "content", "image", "imageAlt", "category"],
    },
    {
      name: "fixture",
      schema: fixtureFormSchema({ timeZone: "Europe/Dublin" }),
      valid: {
        opponent: "Cork Comets",
        location: "Other",
        locationOther: "Somewhere",
        date: "2026-01-05",
        time: "14:30",
        type: "Other",
        typeOther: "Blitz",
        homeScore: "1",
        awayScore: "0",
        "scorers[0].name": "Ann",
        "scorers[0].minute": "5",
      },
      text: ["opponent", "locationOther", "date", "time", "typeOther", "scorers[0].name"],
    },
    {
      name: "league table",
      schema: tableRowFormSchema,
      valid: {
        team: "Storm",
        played: "1",
        won: "1",
        drawn: "0",
        lost: "0",
        gf: "2",
        ga: "0",
        logo: "https://x.ie/l.png",
      },
      text: ["team", "logo"],
    },
    {
      name: "team",
      schema: teamMemberSchema,
      valid: {
        name: "John",
        number: "7",
        position: "Striker",
        classification: "PF1",
        playingSince: "2019",
        image: "https://x.ie/p.png",
        bio: "<p>Fast</p>",
      },
      text: ["name", "number", "position", "classification", "playingSince", "image", "bio"],
    },
  ];

describe("control characters in form fields (rules §12)", () => {
  for (const form of forms) {
    it(`the ${form.name} form is valid without them`, () => {
      expect(submit(form.schema, form.valid).status).toBe("success");
    });
    for (const field of form.text) {
      for (const [label, character] of [
        ["NUL", "\u0000"],
        ["escape", "\u001b"],
        ["C1", "\u0085"],
      ]) {
        it(`the ${form.name} form refuses a ${label} in ${field}`, () => {
          const submission = submit(form.schema, {
            ...form.valid,
            [field]: `a${character}b`,
          });
          expect(submission.status).toBe("error");
          if (submission.status !== "error") return;
          expect(submission.error?.[field]).toEqual([CONTROL_CHARACTERS_MESSAGE]);
        });
      }
    }
  }

  it("keeps line breaks and tabs in multi-line text, and refuses them in a single line", () => {
    const multi = plainText({ multiline: true });
    const single = plainText();
    expect(multi.safeParse("one\r\ntwo\tthree").success).toBe(true);
    expect(single.safeParse("one\ntwo").success).toBe(false);
    expect(single.safeParse("  trimmed \t").data).toBe("trimmed");
  });
});
