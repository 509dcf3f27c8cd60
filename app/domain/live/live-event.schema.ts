import { z } from "zod";
import { matchEventKinds } from "../../db/schema.ts";
import { REQUEST_ID_FIELD, SENT_AT_FIELD } from "../connectivity/outbox.ts";
import { PENALTY_MAX } from "../fixtures/fixture.schema.ts";
import { plainText } from "../forms/plain-text.ts";
import { LIVE_COMMENT_MAX } from "./rules.ts";

// The Live screen's one form (rules §2 Live scoring, ADR 036): every button posts it with its
// own `intent`. Checked on the server; the database's checks are the last line (ADR 003).

const LIVE_FORM_MESSAGES = {
  minute: "Enter a minute from 1 to 130.",
  comment: `Keep the comment under ${LIVE_COMMENT_MAX} characters.`,
  scorer: "Choose the scorer, or tick own goal.",
  penalties: `Enter penalties from 0 to ${PENALTY_MAX}.`,
} as const;

const M = LIVE_FORM_MESSAGES;

/** ms since 1970 from a phone; anything else (no scripts, junk) is none. */
const phoneTime = z.coerce.number().int().positive().optional().catch(undefined);
const optionalNumber = (max: number, message: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number({ error: message }).int(message).min(0, message).max(max, message).optional(),
  );

const liveIntents = [
  ...matchEventKinds.filter((kind) => kind !== "undo"),
  "undo",
  "take-over",
  "heartbeat",
] as const;

export const liveFormSchema = z
  .object({
    intent: z.enum(liveIntents),
    fixtureId: z.uuid(),
    [REQUEST_ID_FIELD]: z.uuid().optional(),
    player: plainText().max(100).optional(),
    minute: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.coerce
        .number({ error: M.minute })
        .int(M.minute)
        .min(1, M.minute)
        .max(130, M.minute)
        .optional(),
    ),
    ownGoal: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
    card: z.enum(["yellow", "red"]).optional(),
    pensUs: optionalNumber(PENALTY_MAX, M.penalties),
    pensThem: optionalNumber(PENALTY_MAX, M.penalties),
    comment: plainText().max(LIVE_COMMENT_MAX, M.comment).optional(),
    happenedAt: phoneTime,
    [SENT_AT_FIELD]: phoneTime,
  })
  .superRefine((form, ctx) => {
    if (form.intent === "goal-us" && !form.ownGoal && !form.player) {
      ctx.addIssue({ code: "custom", path: ["player"], message: M.scorer });
    }
  });
