import { expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { contactMessages } from "../../db/schema.ts";
import { CONTACT_FIELD_MESSAGES } from "./contact-fields.ts";
import { HONEYPOT_FIELD } from "./rules.ts";
import { submitContact } from "./submit-contact.server.ts";

// What the contact page accepts (ADR 022): the page model its action calls.

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const valid = {
  name: "Aoife",
  email: "aoife@example.com",
  message: "When is the next open training night?",
};

describeWithDatabases("submitContact (rules §5 Contact form)", ({ db }) => {
  it("stores a valid message and answers sent", async () => {
    const answer = await submitContact({ formData: form(valid), clientAddress: "203.0.113.9" });
    expect(answer).toEqual({ status: "sent" });
    const rows = await db().select().from(contactMessages);
    expect(rows.map((row) => row.email)).toContain("aoife@example.com");
  });

  it("refuses a wrong field with its message and what was typed, storing nothing", async () => {
    const before = (await db().select().from(contactMessages)).length;
    const answer = await submitContact({
      formData: form({ ...valid, email: "not an address", extra: "ignored" }),
      clientAddress: "203.0.113.10",
    });
    expect(answer).toEqual({
      status: "refused",
      reply: {
        fieldErrors: { email: CONTACT_FIELD_MESSAGES.emailInvalid },
        values: { ...valid, email: "not an address" },
      },
    });
    expect(await db().select().from(contactMessages)).toHaveLength(before);
  });

  it("refuses a filled honeypot for the whole form, storing nothing", async () => {
    const before = (await db().select().from(contactMessages)).length;
    const answer = await submitContact({
      formData: form({ ...valid, [HONEYPOT_FIELD]: "https://spam.example" }),
      clientAddress: "203.0.113.11",
    });
    expect(answer.status).toBe("refused");
    expect(answer.status === "refused" && answer.reply.formError).toMatch(/spam/i);
    expect(await db().select().from(contactMessages)).toHaveLength(before);
  });
});
