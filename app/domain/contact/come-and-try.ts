// The "Come and try" enquiry (ADR 031, rules §5 Come and try form): its fields, their words
// and the message the inbox and the e-mail carry. Pure; the schema is come-and-try.schema.ts.

export const ENQUIRY_FIELDS = ["name", "reply", "borrowChair", "carer", "heardFrom"] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];

export const ENQUIRY_LIMITS: Record<EnquiryField, number> = {
  name: 100,
  reply: 254,
  borrowChair: 20,
  carer: 20,
  heardFrom: 300,
};

export const BORROW_CHAIR_CHOICES = [
  { value: "yes", label: "Yes, I would need to borrow a chair" },
  { value: "no", label: "No, I have my own powerchair" },
  { value: "not-sure", label: "Not sure yet" },
] as const;

export const CARER_CHOICES = [
  { value: "yes", label: "Yes, a carer or family member comes with me" },
  { value: "no", label: "No, I come on my own" },
] as const;

export const ENQUIRY_MESSAGES = {
  nameRequired: "Please enter your name.",
  nameTooLong: `Please keep your name under ${ENQUIRY_LIMITS.name} characters.`,
  replyRequired: "Please give an e-mail address or a phone number we can reply to.",
  replyInvalid:
    "Please enter an e-mail address like name@example.com, or a phone number like 087 555 0142.",
  borrowChair: "Please say whether you would need to borrow a chair.",
  carer: "Please say whether a carer comes with you.",
  heardFromTooLong: `Please keep this under ${ENQUIRY_LIMITS.heardFrom} characters.`,
} as const;

const EMAIL =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** rules §5 Come and try form: a way to reply is an e-mail address or a phone number (7–15 digits). */
export function isReplyAddress(value: string): boolean {
  if (EMAIL.test(value)) return true;
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}

export interface Enquiry {
  name: string;
  reply: string;
  borrowChair: (typeof BORROW_CHAIR_CHOICES)[number]["value"];
  carer: (typeof CARER_CHOICES)[number]["value"];
  heardFrom: string;
}

/**
 * rules §5 Come and try form: the enquiry as an inbox message (name, a way to reply, and the
 * answers as lines the committee reads at a glance).
 */
export function enquiryMessage(enquiry: Enquiry): { name: string; email: string; message: string } {
  const borrow = BORROW_CHAIR_CHOICES.find((choice) => choice.value === enquiry.borrowChair);
  const carer = CARER_CHOICES.find((choice) => choice.value === enquiry.carer);
  return {
    name: enquiry.name,
    email: enquiry.reply,
    message: [
      "Would like to come and try powerchair football.",
      `Borrow a chair: ${borrow?.label ?? enquiry.borrowChair}`,
      `Carer: ${carer?.label ?? enquiry.carer}`,
      `Heard of the club: ${enquiry.heardFrom || "not said"}`,
    ].join("\n"),
  };
}

/** rules §5 Come and try form: the reply page, after an enquiry was stored. */
export const ENQUIRY_CONFIRMATION = {
  title: "Thank you: we have your enquiry.",
  steps: [
    "A club volunteer reads every enquiry and will get back to you within a few days, by e-mail or phone, however you asked.",
    "We will suggest a taster session that suits you, and tell you who will meet you at the door.",
    "If you asked to borrow a chair, we will tell you which one we can have ready for you.",
  ],
} as const;

/** rules §2 Come and try: the page's answer to "can you lend me a chair?" (Club details). */
export const CHAIR_LOAN_TEXTS: Record<"yes" | "ask" | "no", { answer: string; text: string }> = {
  yes: {
    answer: "Yes, we can lend you a chair",
    text: "The club has sports powerchairs with a football guard for taster sessions. Tell us in the form and we will have one ready for you.",
  },
  ask: {
    answer: "Ask us about a chair",
    text: "We can sometimes lend a sports powerchair. Tell us in the form and we will check what we can have ready for you.",
  },
  no: {
    answer: "Please bring your own chair",
    text: "We cannot lend a powerchair at the moment, so please come in your own. Any powerchair is fine for a first go.",
  },
};
