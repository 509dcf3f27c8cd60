import { describe, expect, it } from "vitest";
import { CONTACT_FIELD_LIMITS, contactSchema } from "./contact.schema.ts";

const valid = {
  name: "Aoife Byrne",
  email: "aoife@example.com",
  message: "When is the next open training night?",
};

function errorsOf(input: Record<string, unknown>) {
  const result = contactSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe("contactSchema", () => {
  it("accepts a complete message and trims it", () => {
    const result = contactSchema.parse({
      name: "  Aoife Byrne ",
      email: " aoife@example.com ",
      message: "  When is the next open training night?\n",
    });
    expect(result).toEqual({ ...valid });
  });

  it("requires every field, with a message per field (rules §5)", () => {
    expect(errorsOf({})).toEqual({
      name: "Please enter your name.",
      email: "Please enter your e-mail address.",
      message: "Please write your message.",
    });
  });

  it("refuses fields made only of spaces", () => {
    expect(errorsOf({ ...valid, name: "   " })).toEqual({ name: "Please enter your name." });
  });

  it("refuses an address that is not an e-mail address", () => {
    for (const email of ["aoife", "aoife@", "@example.com", "aoife@example", "a b@example.com"]) {
      expect(errorsOf({ ...valid, email }), email).toEqual({
        email: "Please enter a valid e-mail address, like name@example.com.",
      });
    }
  });

  it("limits the lengths", () => {
    expect(
      errorsOf({ ...valid, name: "x".repeat(CONTACT_FIELD_LIMITS.nameMax + 1) }),
    ).toHaveProperty("name");
    expect(errorsOf({ ...valid, message: "Hi" })).toHaveProperty("message");
    expect(
      errorsOf({ ...valid, message: "x".repeat(CONTACT_FIELD_LIMITS.messageMax + 1) }),
    ).toHaveProperty("message");
    expect(errorsOf({ ...valid, message: "x".repeat(CONTACT_FIELD_LIMITS.messageMax) })).toEqual(
      {},
    );
    expect(errorsOf({ ...valid, email: `${"a".repeat(250)}@example.com` })).toHaveProperty("email");
  });

  it("stores line breaks as \\n, however the browser sent them", () => {
    expect(contactSchema.parse({ ...valid, message: "Line one\r\nLine two\rThree" }).message).toBe(
      "Line one\nLine two\nThree",
    );
  });

  it("lets the honeypot through for the rules to judge", () => {
    expect(contactSchema.parse({ ...valid, website: "spam" }).website).toBe("spam");
  });
});
