import { z } from "zod";
import { PAGE_TEXT_MAX_LENGTH } from "./rules.ts";

// The page-text form (browser and server): the text's id and its HTML, sanitised on the
// server before it is stored (the bio's rules, ADR 003).
export const pageTextFormSchema = z.object({
  id: z.uuid().optional(),
  html: z
    .string({ error: "Write the text of this page." })
    .trim()
    .min(1, "Write the text of this page.")
    .max(PAGE_TEXT_MAX_LENGTH, `A page text has at most ${PAGE_TEXT_MAX_LENGTH} characters.`),
});
