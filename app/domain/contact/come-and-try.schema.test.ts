import { describe, expect, it } from "vitest";
import { comeAndTrySchema } from "./come-and-try.schema.ts";
import { ENQUIRY_MESSAGES, isReplyAddress } from "./come-and-try.ts";

describe("comeAndTrySchema (rules §5 Come and try form)", () => {
  it("makes the inbox message of a valid enquiry", () => {
    const value = comeAndTrySchema.parse({
      name: " Orla ",
      reply: "087 555 0142",
      borrowChair: "yes",
      carer: "no",
      heardFrom: "A friend",
    });
    expect(value.name).toBe("Orla");
    expect(value.email).toBe("087 555 0142");
    expect(value.message).toContain("Borrow a chair: Yes");
    expect(value.message).toContain("Heard of the club: A friend");
  });

  it("gives a message per missing or wrong field", () => {
    const result = comeAndTrySchema.safeParse({ reply: "not a way to reply" });
    const errors = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]),
    );
    expect(errors).toEqual({
      name: ENQUIRY_MESSAGES.nameRequired,
      reply: ENQUIRY_MESSAGES.replyInvalid,
      borrowChair: ENQUIRY_MESSAGES.borrowChair,
      carer: ENQUIRY_MESSAGES.carer,
    });
  });

  it("takes an e-mail address or a phone number as a way to reply", () => {
    expect(isReplyAddress("orla@example.com")).toBe(true);
    expect(isReplyAddress("+353 87 555 0142")).toBe(true);
    expect(isReplyAddress("12")).toBe(false);
  });
});
