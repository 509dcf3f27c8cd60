import { and, arrayContains, asc, eq, isNotNull } from "drizzle-orm";
import { db } from "../../db/database.server.ts";
import { administrators, sessions } from "../../db/schema.ts";
import { recordedWrite } from "../activity/activity.server.ts";
import { type Role, rolesOf } from "../admin/screens.ts";
import { hasControlCharacters } from "../forms/control-characters.ts";
import { keepDeleted, snapshotDate, takeDeleted } from "../undo/undo.server.ts";
import { dummyHash, hashPassword, needsRehash, verifyPassword } from "./password.server.ts";
import { endPasswordChecks, passwordStrengthProblem } from "./password-strength.server.ts";
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

export function checkEmail(email: string) {
  if (!EMAIL.test(email) || hasControlCharacters(email))
    throw new AdministratorError(`"${email}" is not a valid e-mail address.`);
}

/** rules §5 Administrator passwords and rules §12 (zxcvbn): why a password is refused, or null. */
export async function newPasswordProblem({
  password,
  email,
}: {
  password: string;
  email: string;
}): Promise<string | null> {
  return (
    passwordProblem({ password, email }) ?? (await passwordStrengthProblem({ password, email }))
  );
}

async function checkNew({ email, password }: { email: string; password: string }) {
  checkEmail(email);
  const problem = await newPasswordProblem({ password, email });
  if (problem) throw new AdministratorError(problem);
}

export interface AdministratorSummary {
  id: string;
  email: string;
  createdAt: Date;
  lastLoginAt: Date | null;
  /** Null while an invited administrator has not chosen a password (they cannot sign in). */
  passwordSetAt: Date | null;
  /** rules §6 Roles. */
  roles: Role[];
}

/** The command line's and the start's administrators are Administrators unless told otherwise. */
export async function createAdministrator(input: {
  email: string;
  password: string;
  roles?: Role[];
}): Promise<AdministratorSummary> {
  const email = normaliseEmail(input.email);
  await checkNew({ email, password: input.password });
  const existing = await findByEmail(email);
  if (existing)
    throw new AdministratorError(`An administrator with the e-mail ${email} already exists.`);
  const [row] = await db()
    .insert(administrators)
    .values({
      email,
      passwordHash: await hashPassword(input.password),
      roles: rolesOf(input.roles ?? ["administrator"]),
    })
    .returning();
  if (!row) throw new AdministratorError("The administrator could not be created.");
  return summary(row);
}

export async function resetAdministratorPassword(input: {
  email: string;
  password: string;
}): Promise<void> {
  const email = normaliseEmail(input.email);
  await checkNew({ email, password: input.password });
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

/** Removes an administrator by e-mail (the command line); refused for the last one. */
export async function removeAdministrator({ email }: { email: string }): Promise<void> {
  const normalised = normaliseEmail(email);
  const row = await findByEmail(normalised);
  const outcome = row ? await removeAdministratorRecord({ id: row.id }) : { status: "gone" };
  if (outcome.status === "gone")
    throw new AdministratorError(`There is no administrator with the e-mail ${normalised}.`);
  if (outcome.status === "last") throw new AdministratorError(LAST_ADMINISTRATOR);
}

export const LAST_ADMINISTRATOR =
  "This is the last Administrator who can sign in, so it cannot be removed: make someone else an Administrator first.";

export const LAST_ADMINISTRATOR_ROLE =
  "This is the last Administrator who can sign in, so they keep the Administrator role: make someone else an Administrator first.";

export type RemoveOutcome =
  | { status: "removed"; token: string; email: string }
  | { status: "gone" }
  | { status: "last" };

/**
 * Removes an administrator (their sessions and links go with them), kept for Undo
 * (decisions 17). Refused for the last administrator who can sign in. Every administrator
 * who can sign in is locked first, always in the same order: two removals at the same time
 * wait for each other, and the second one counts what the first left.
 */
export async function removeAdministratorRecord({ id }: { id: string }): Promise<RemoveOutcome> {
  return db().transaction(async (tx) => {
    const { target, othersActive } = await lockForChange(tx, id);
    if (!target) return { status: "gone" } as const;
    if (isActiveAdministrator(target) && !othersActive) return { status: "last" } as const;
    await tx.delete(administrators).where(eq(administrators.id, id));
    const token = await keepDeleted(tx, {
      entity: "administrator",
      recordId: id,
      data: { ...target },
    });
    return { status: "removed", token, email: target.email } as const;
  });
}

type Transaction = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

const isActiveAdministrator = (row: { passwordSetAt: Date | null; roles: string[] }) =>
  row.passwordSetAt !== null && row.roles.includes("administrator");

/**
 * The Administrators who can sign in, locked, always in the same order: two removals or role
 * changes at the same time wait for each other, and the second counts what the first left.
 */
function lockActiveAdministrators(tx: Transaction) {
  return tx
    .select({ id: administrators.id })
    .from(administrators)
    .where(
      and(
        isNotNull(administrators.passwordSetAt),
        arrayContains(administrators.roles, ["administrator"]),
      ),
    )
    .orderBy(asc(administrators.id))
    .for("update");
}

/**
 * Before a removal or a change of roles: the active Administrators locked (in the same order
 * every time), then the administrator changed; and whether another Administrator can sign in.
 */
async function lockForChange(tx: Transaction, id: string) {
  const active = await lockActiveAdministrators(tx);
  const [target] = await tx
    .select()
    .from(administrators)
    .where(eq(administrators.id, id))
    .for("update");
  return { target, othersActive: active.some((other) => other.id !== id) };
}

export type RolesOutcome =
  | { status: "changed"; email: string; before: Role[]; roles: Role[] }
  | { status: "gone" }
  | { status: "last" };

/**
 * rules §6: an Administrator changes someone's roles. The last Administrator who can sign in
 * keeps the role. The roles are read with the session on every request, so the change applies
 * to that person's next request.
 */
export async function setAdministratorRoles({
  id,
  roles,
}: {
  id: string;
  roles: Role[];
}): Promise<RolesOutcome> {
  return db().transaction(async (tx) => {
    const { target, othersActive } = await lockForChange(tx, id);
    if (!target) return { status: "gone" } as const;
    if (isActiveAdministrator(target) && !roles.includes("administrator") && !othersActive)
      return { status: "last" } as const;
    const stored = rolesOf(roles);
    await tx.update(administrators).set({ roles: stored }).where(eq(administrators.id, id));
    return { status: "changed", email: target.email, before: rolesOf(target.roles), roles: stored };
  });
}

/** Undo of a removal: the administrator comes back with the same id and password (not sessions). */
export async function restoreAdministrator({
  token,
}: {
  token: string;
}): Promise<AdministratorSummary | null> {
  return db().transaction(async (tx) => {
    const snapshot = await takeDeleted(tx, { entity: "administrator", token });
    if (!snapshot) return null;
    const [row] = await tx
      .insert(administrators)
      .values({
        id: String(snapshot.id),
        email: String(snapshot.email),
        passwordHash: String(snapshot.passwordHash),
        createdAt: snapshotDate(snapshot.createdAt) ?? new Date(),
        lastLoginAt: snapshotDate(snapshot.lastLoginAt),
        passwordSetAt: snapshotDate(snapshot.passwordSetAt),
        roles: Array.isArray(snapshot.roles) ? rolesOf(snapshot.roles.map(String)) : [],
      })
      // Invited again under the same e-mail meanwhile: the newer record stays.
      .onConflictDoNothing()
      .returning();
    return row ? summary(row) : null;
  });
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
  if (existing && !input.resetPassword) return "unchanged";
  try {
    if (!existing) {
      await createAdministrator(input);
      return "created";
    }
    await resetAdministratorPassword(input);
    return "reset";
  } finally {
    // ADR 043: the server is ready without the process that checked the password.
    endPasswordChecks();
  }
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
  // Someone invited who has not chosen a password yet cannot sign in (same time as a miss).
  const usable = row?.passwordSetAt ? row : undefined;
  const ok = await verifyPassword({
    password: input.password,
    hash: usable?.passwordHash ?? (await dummyHash()),
  });
  if (!usable || !ok) return null;
  if (needsRehash(usable.passwordHash)) {
    await upgradeHash({ id: usable.id, checked: usable.passwordHash, password: input.password });
  }
  const [updated] = await db()
    .update(administrators)
    .set({ lastLoginAt: new Date() })
    .where(eq(administrators.id, usable.id))
    .returning();
  return summary(updated ?? usable);
}

/**
 * README "PASSWORD_HASH_COST": a hash made at another cost is replaced, at the cost set now,
 * on the sign-in that has just proved the password (the only moment the password is known),
 * so raising the setting protects every administrator who signs in again. Only while the
 * stored hash is still the one just checked: a password changed meanwhile is never undone.
 */
async function upgradeHash({
  id,
  checked,
  password,
}: {
  id: string;
  checked: string;
  password: string;
}): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db()
    .update(administrators)
    .set({ passwordHash })
    .where(and(eq(administrators.id, id), eq(administrators.passwordHash, checked)));
}

export async function findByEmail(email: string) {
  const [row] = await db().select().from(administrators).where(eq(administrators.email, email));
  return row;
}

function summary(row: typeof administrators.$inferSelect): AdministratorSummary {
  return {
    id: row.id,
    email: row.email,
    createdAt: row.createdAt,
    lastLoginAt: row.lastLoginAt,
    passwordSetAt: row.passwordSetAt,
    roles: rolesOf(row.roles),
  };
}

/**
 * Change your own password: the current one first (a session left open on a shared
 * computer is not enough), then the same rules as everywhere. Field errors, or null when
 * changed. The caller ends the administrator's other sessions (rules §12).
 */
export async function changeOwnPassword({
  administratorId,
  currentPassword,
  newPassword,
}: {
  administratorId: string;
  currentPassword: string;
  newPassword: string;
}): Promise<Record<string, string[]> | null> {
  const [row] = await db()
    .select()
    .from(administrators)
    .where(eq(administrators.id, administratorId));
  if (!row) return { currentPassword: ["Your account no longer exists."] };
  if (!(await verifyPassword({ password: currentPassword, hash: row.passwordHash })))
    return { currentPassword: ["That is not your current password."] };
  const problem = await newPasswordProblem({ password: newPassword, email: row.email });
  if (problem) return { newPassword: [problem] };
  const passwordHash = await hashPassword(newPassword);
  // ADR 021: recorded with the change, by name only.
  await recordedWrite(
    () =>
      db()
        .update(administrators)
        .set({ passwordHash, passwordSetAt: new Date() })
        .where(eq(administrators.id, administratorId)),
    () => ({
      actor: { id: row.id, email: row.email },
      screen: "password",
      action: "password",
      recordId: row.id,
      label: row.email,
      fields: ["password"],
    }),
  );
  return null;
}
