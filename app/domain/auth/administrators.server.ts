import { asc, eq } from "drizzle-orm";
import { db } from "../../db/database.server.ts";
import { administrators, sessions } from "../../db/schema.ts";
import { hasControlCharacters } from "../forms/control-characters.ts";
import { dummyHash, hashPassword, verifyPassword } from "./password.server.ts";
import { passwordStrengthProblem } from "./password-strength.server.ts";
import { normaliseEmail, passwordProblem } from "./rules.ts";

// Administrators (decisions 6): rows with a scrypt hash, created from the command line or
// from ADMIN_EMAIL/ADMIN_PASSWORD at start. There is never a default password.

export class AdministratorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AdministratorError";
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkNew({ email, password }: { email: string; password: string }) {
  if (!EMAIL.test(email) || hasControlCharacters(email))
    throw new AdministratorError(`"${email}" is not a valid e-mail address.`);
  const problem =
    passwordProblem({ password, email }) ?? passwordStrengthProblem({ password, email });
  if (problem) throw new AdministratorError(problem);
}

export interface AdministratorSummary {
  id: string;
  email: string;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export async function createAdministrator(input: {
  email: string;
  password: string;
}): Promise<AdministratorSummary> {
  const email = normaliseEmail(input.email);
  checkNew({ email, password: input.password });
  const existing = await findByEmail(email);
  if (existing)
    throw new AdministratorError(`An administrator with the e-mail ${email} already exists.`);
  const [row] = await db()
    .insert(administrators)
    .values({ email, passwordHash: await hashPassword(input.password) })
    .returning();
  if (!row) throw new AdministratorError("The administrator could not be created.");
  return summary(row);
}

export async function resetAdministratorPassword(input: {
  email: string;
  password: string;
}): Promise<void> {
  const email = normaliseEmail(input.email);
  checkNew({ email, password: input.password });
  const passwordHash = await hashPassword(input.password);
  // rules §12: whoever signed in with the old password is signed out.
  const rows = await db().transaction(async (tx) => {
    const updated = await tx
      .update(administrators)
      .set({ passwordHash })
      .where(eq(administrators.email, email))
      .returning({ id: administrators.id });
    for (const { id } of updated) await tx.delete(sessions).where(eq(sessions.administratorId, id));
    return updated;
  });
  if (rows.length === 0)
    throw new AdministratorError(`There is no administrator with the e-mail ${email}.`);
}

export async function listAdministrators(): Promise<AdministratorSummary[]> {
  const rows = await db().select().from(administrators).orderBy(asc(administrators.email));
  return rows.map(summary);
}

/** Removes an administrator (their sessions go with them). */
export async function removeAdministrator({ email }: { email: string }): Promise<void> {
  const rows = await db()
    .delete(administrators)
    .where(eq(administrators.email, normaliseEmail(email)))
    .returning({ id: administrators.id });
  if (rows.length === 0) {
    throw new AdministratorError(
      `There is no administrator with the e-mail ${normaliseEmail(email)}.`,
    );
  }
}

/**
 * Start-up (decisions 6): makes sure the administrator from ADMIN_EMAIL/ADMIN_PASSWORD exists.
 * An existing one keeps their password unless `resetPassword` is set.
 */
export async function ensureAdministrator(input: {
  email: string;
  password: string;
  resetPassword: boolean;
}): Promise<"created" | "reset" | "unchanged"> {
  const existing = await findByEmail(normaliseEmail(input.email));
  if (!existing) {
    await createAdministrator(input);
    return "created";
  }
  if (!input.resetPassword) return "unchanged";
  await resetAdministratorPassword(input);
  return "reset";
}

/**
 * The administrator with these credentials, or null. An unknown e-mail costs the same
 * time as a wrong password, so timing does not reveal which e-mails exist.
 */
export async function verifyCredentials(input: {
  email: string;
  password: string;
}): Promise<AdministratorSummary | null> {
  const row = await findByEmail(normaliseEmail(input.email));
  const ok = await verifyPassword({
    password: input.password,
    hash: row?.passwordHash ?? (await dummyHash()),
  });
  if (!row || !ok) return null;
  const [updated] = await db()
    .update(administrators)
    .set({ lastLoginAt: new Date() })
    .where(eq(administrators.id, row.id))
    .returning();
  return summary(updated ?? row);
}

async function findByEmail(email: string) {
  const [row] = await db().select().from(administrators).where(eq(administrators.email, email));
  return row;
}

function summary(row: typeof administrators.$inferSelect): AdministratorSummary {
  return { id: row.id, email: row.email, createdAt: row.createdAt, lastLoginAt: row.lastLoginAt };
}
