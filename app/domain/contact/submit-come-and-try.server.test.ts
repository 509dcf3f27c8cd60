import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { contactMessages } from "../../db/schema.ts";
import { forgetClub } from "../club/club.server.ts";
import { ENQUIRY_MESSAGES } from "./come-and-try.ts";
import { comeAndTryPage } from "./come-and-try-page.server.ts";
import { HONEYPOT_FIELD } from "./rules.ts";
import { submitComeAndTry } from "./submit-come-and-try.server.ts";

// What "Come and try" accepts and shows (ADR 031), on both databases: the inbox gets the
// enquiry marked as such; the contact form's spam guard applies.

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const valid = {
  name: "Orla Try",
  reply: "orla@example.com",
  borrowChair: "not-sure",
  carer: "yes",
};

describeWithDatabases("Come and try (rules §5 Come and try form)", ({ db }) => {
  it("stores a valid enquiry in the inbox, marked Come and try", async () => {
    const answer = await submitComeAndTry({ formData: form(valid), clientAddress: "203.0.113.40" });
    expect(answer).toEqual({ status: "sent" });
    const rows = await db()
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.name, "Orla Try"));
    expect(rows).toMatchObject([{ kind: "come-and-try", email: "orla@example.com" }]);
    expect(rows[0]?.message).toContain("Borrow a chair: Not sure yet");
  });

  it("refuses bad input with field messages and what was typed, storing nothing", async () => {
    const before = (await db().select().from(contactMessages)).length;
    const answer = await submitComeAndTry({
      formData: form({ ...valid, name: "", reply: "soon", carer: "" }),
      clientAddress: "203.0.113.41",
    });
    expect(answer).toEqual({
      status: "refused",
      reply: {
        fieldErrors: {
          name: ENQUIRY_MESSAGES.nameRequired,
          reply: ENQUIRY_MESSAGES.replyInvalid,
          carer: ENQUIRY_MESSAGES.carer,
        },
        values: { ...valid, name: "", reply: "soon", carer: "", heardFrom: "" },
      },
    });
    expect(await db().select().from(contactMessages)).toHaveLength(before);
  });

  it("refuses a filled honeypot as the contact form does", async () => {
    const answer = await submitComeAndTry({
      formData: form({ ...valid, [HONEYPOT_FIELD]: "https://spam.example" }),
      clientAddress: "203.0.113.42",
    });
    expect(answer.status === "refused" && answer.reply.formError).toMatch(/spam/i);
  });

  it("gives the page its texts and whether the club lends a chair", async () => {
    forgetClub();
    const page = await comeAndTryPage({ now: new Date("2026-06-01T12:00:00Z") });
    expect(page.what).toContain("Powerchair football");
    expect(page.chairLoan.value).toBe("ask");
    expect(Array.isArray(page.tasters)).toBe(true);
  });
});
