import { z } from "zod";

// SPEC §5 Admin login: e-mail and password are required. Nothing more is checked here, so a
// failure never tells which part was wrong (issue 4 §3).
export const loginSchema = z.object({
  email: z
    .string({ error: "Enter your e-mail address." })
    .trim()
    .min(1, "Enter your e-mail address.")
    .max(254),
  password: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(1024),
  redirectTo: z.string().max(2000).optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;
