import { z } from "zod";
import { ROLES } from "../admin/screens.ts";
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

// ADR 014: the administrators' forms (browser and server).

const ROLES_REQUIRED = "Choose at least one role.";

/** rules §6 Roles: one or more roles (ticked boxes named `roles`); stored in their order, once. */
const roles = z
  .array(z.enum(ROLES, { error: "Choose roles from the list." }), { error: ROLES_REQUIRED })
  .min(1, ROLES_REQUIRED)
  .max(ROLES.length, "Choose each role once.");

export const inviteSchema = z.object({
  email: plainText({ error: "Enter the new administrator's e-mail address." })
    .min(1, "Enter the new administrator's e-mail address.")
    .max(254, "An e-mail address has at most 254 characters.")
    .pipe(z.email("Enter an e-mail address like name@example.com.")),
  roles,
});

/** An Administrator changes someone's roles (rules §6). */
export const rolesSchema = z.object({ id: z.uuid(), roles });

const newPassword = plainText({ error: "Choose a new password.", trim: false })
  .min(1, "Choose a new password.")
  .max(1024, "A password has at most 1024 characters.");

/** A new password typed twice; the rules of rules §5 and §12 are checked on the server. */
export const setPasswordSchema = z
  .object({
    newPassword,
    confirmPassword: plainText({ error: "Type the new password again.", trim: false })
      .min(1, "Type the new password again.")
      .max(1024),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "The two passwords are not the same.",
    path: ["confirmPassword"],
  });

export const changePasswordSchema = z
  .object({
    currentPassword: plainText({ error: "Enter your current password.", trim: false })
      .min(1, "Enter your current password.")
      .max(1024),
    newPassword,
    confirmPassword: plainText({ error: "Type the new password again.", trim: false })
      .min(1, "Type the new password again.")
      .max(1024),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "The two passwords are not the same.",
    path: ["confirmPassword"],
  });

export const forgotPasswordSchema = z.object({
  email: plainText({ error: "Enter your e-mail address." })
    .min(1, "Enter your e-mail address.")
    .max(254),
});
