import { z } from "zod";
import { plainText } from "../forms/plain-text.ts";
import {
  BORROW_CHAIR_CHOICES,
  CARER_CHOICES,
  ENQUIRY_LIMITS,
  enquiryMessage,
  isReplyAddress,
  ENQUIRY_MESSAGES as M,
} from "./come-and-try.ts";

// The "Come and try" enquiry on the server (ADR 031, rules §5 Come and try form): the fields
// with a message each, then the message as the inbox stores it. The honeypot is the contact
// form's (decisions 18).

const choice = <T extends readonly { value: string }[]>(choices: T, message: string) =>
  z.enum(choices.map((entry) => entry.value) as [T[number]["value"], ...T[number]["value"][]], {
    error: message,
  });

export const comeAndTrySchema = z
  .object({
    name: plainText({ error: M.nameRequired })
      .min(1, M.nameRequired)
      .max(ENQUIRY_LIMITS.name, M.nameTooLong),
    reply: plainText({ error: M.replyRequired })
      .min(1, M.replyRequired)
      .max(ENQUIRY_LIMITS.reply, M.replyInvalid)
      .refine(isReplyAddress, M.replyInvalid),
    borrowChair: choice(BORROW_CHAIR_CHOICES, M.borrowChair),
    carer: choice(CARER_CHOICES, M.carer),
    heardFrom: plainText().max(ENQUIRY_LIMITS.heardFrom, M.heardFromTooLong).optional(),
    /** The honeypot: hidden from people, filled in by bots (rules.ts). */
    website: z.string().optional(),
  })
  .transform(({ website, ...enquiry }) => ({
    ...enquiryMessage({ ...enquiry, heardFrom: enquiry.heardFrom ?? "" }),
    website,
  }));
