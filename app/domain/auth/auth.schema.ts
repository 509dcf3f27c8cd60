import { z } from "zod";
import { plainText } from "../forms/plain-text.ts";

// rules §5 Admin login: e-mail and password are required. Nothing more is checked here, so a
// failure never tells which part was wrong (rules §4 Authentication).
export const loginSchema = z.object({
  email: plainText({ error: "Enter your e-mail address." })
    .min(1, "Enter your e-mail address.")
    .max(254),
  password: plainText({ error: "Enter your password.", trim: false })
    .min(1, "Enter your password.")
    .max(1024),
  redirectTo: plainText().max(2000).optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;
