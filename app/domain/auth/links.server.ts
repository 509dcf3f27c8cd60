import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { loadEnv } from "../../config/env.server.ts";
import { db, withTransactionScope } from "../../db/database.server.ts";
import { administrators, administratorTokens, sessions } from "../../db/schema.ts";
import { logger } from "../../logger.server.ts";
import { recordActivity } from "../activity/activity.server.ts";
import { type Role, rolesOf } from "../admin/screens.ts";
import { getClub } from "../club/club.server.ts";
import { transportFromEnvironment } from "../mail/mail.server.ts";
import { reserveHits } from "../rate-limit/rate-limit.server.ts";
import {
  AdministratorError,
  checkEmail,
  findByEmail,
  newPasswordProblem,
} from "./administrators.server.ts";
import { hashToken, isTokenShaped, newToken } from "./one-time-token.server.ts";
import { hashPassword } from "./password.server.ts";
import {
  INVITE_TTL_MS,
  type LinkProblem,
  type LinkPurpose,
  linkMail,
  normaliseEmail,
  RESET_ANSWER_MS,
  RESET_LIMITS,
  RESET_TTL_MS,
} from "./rules.ts";

// One-time links for administrators: an invitation (the new person chooses their own
// password) and Forgot password. The token is 32 random bytes in the link; the database keeps
// only its SHA-256 and when it was used, so a leaked table opens nothing and a link works once.

const SET_PASSWORD_PATH = "/admin/set-password";

/** The address of a link on a site whose public address is `origin`. */
export function linkUrl({ origin, token }: { origin: string; token: string }): string {
  return new URL(`${SET_PASSWORD_PATH}/${token}`, origin).toString();
}

async function issueToken({
  administratorId,
  purpose,
}: {
  administratorId: string;
  purpose: LinkPurpose;
}): Promise<string> {
  const { token, hash } = newToken();
  const ttl = purpose === "invite" ? INVITE_TTL_MS : RESET_TTL_MS;
  await db().transaction(async (tx) => {
    await forgetOldLinks(tx);
    // A new link replaces the older unused ones of the same kind.
    await tx
      .delete(administratorTokens)
      .where(
        and(
          eq(administratorTokens.administratorId, administratorId),
          eq(administratorTokens.purpose, purpose),
          isNull(administratorTokens.usedAt),
        ),
      );
    await tx.insert(administratorTokens).values({
      tokenHash: hash,
      administratorId,
      purpose,
      expiresAt: new Date(Date.now() + ttl),
    });
  });
  return token;
}

type Transaction = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** A week after expiry nobody needs to be told "expired" rather than "not valid". */
async function forgetOldLinks(tx: Transaction): Promise<void> {
  await tx
    .delete(administratorTokens)
    .where(lt(administratorTokens.expiresAt, new Date(Date.now() - 7 * 24 * 3600 * 1000)));
}

// No administrator has this id: an unknown address runs the same statements as a known one.
const NO_ONE = "00000000-0000-0000-0000-000000000000";

/**
 * Forgot password's link (ADR 024), for the administrator with this id, or null: none has it,
 * or they already have RESET_LIMITS.perEmail valid reset links. Never cancels a valid link
 * (anyone can ask for anyone's address). The same statements whether or not the administrator
 * exists, so a known address costs the database what an unknown one does.
 */
async function issueResetToken(administratorId: string): Promise<string | null> {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + RESET_TTL_MS).toISOString();
  return db().transaction(async (tx) => {
    // One at a time, so two requests cannot both pass the count of valid links.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('clubsite.reset-links'))`);
    await forgetOldLinks(tx);
    const inserted = await tx.execute(sql`
      insert into administrator_tokens (token_hash, administrator_id, purpose, expires_at)
      select ${hash}, a.id, 'reset', ${expiresAt}::timestamptz
        from administrators a
       where a.id = ${administratorId}::uuid
         and (select count(*) from administrator_tokens t
               where t.administrator_id = a.id and t.purpose = 'reset'
                 and t.used_at is null and t.expires_at > now()) < ${RESET_LIMITS.perEmail}
      returning token_hash`);
    return (inserted as unknown as { rows: unknown[] }).rows.length > 0 ? token : null;
  });
}

/**
 * Invites a new administrator: a record that cannot sign in yet, and a link (48 hours, once)
 * to choose a password. Inviting someone still waiting gives them a new link (the old one
 * stops working). Refused for an administrator who already has a password.
 */
export async function inviteAdministrator({
  email: given,
  roles,
}: {
  email: string;
  /** rules §6: what the new person may do. */
  roles: Role[];
}): Promise<{ id: string; email: string; token: string }> {
  const email = normaliseEmail(given);
  checkEmail(email);
  let row = await findByEmail(email);
  if (row?.passwordSetAt) throw new AdministratorError(`${email} is already an administrator.`);
  if (!row) {
    [row] = await db()
      .insert(administrators)
      // Not a hash: no password matches it, and sign-in checks passwordSetAt first.
      .values({ email, passwordHash: "!invited", passwordSetAt: null, roles: rolesOf(roles) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AdministratorError(`${email} is already an administrator.`);
  } else {
    // Invited again: the new invitation's roles replace the old one's.
    await db()
      .update(administrators)
      .set({ roles: rolesOf(roles) })
      .where(eq(administrators.id, row.id));
  }
  const token = await issueToken({ administratorId: row.id, purpose: "invite" });
  return { id: row.id, email, token };
}

/** Which administrators are still waiting to use their invitation (and until when). */
export async function pendingInvitations(): Promise<Map<string, Date>> {
  const rows = await db()
    .select({ id: administratorTokens.administratorId, expiresAt: administratorTokens.expiresAt })
    .from(administratorTokens)
    .where(and(eq(administratorTokens.purpose, "invite"), isNull(administratorTokens.usedAt)));
  return new Map(rows.map((row) => [row.id, row.expiresAt]));
}

export type ResetRequest =
  | { status: "limited" }
  | { status: "unknown" }
  | { status: "issued"; email: string; token: string };

/**
 * Forgot password (ADR 024): a one-hour link for an administrator's address. Counted per
 * visitor's address (as sign-in is); "limited" only for that. An administrator has at most
 * RESET_LIMITS.perEmail valid reset links at once: a request past that is answered like any
 * other and makes none, and no request cancels a valid link, so the mailbox holds one that
 * works. A known and an unknown address run the same statements, and the answer takes no less
 * than RESET_ANSWER_MS either way.
 */
export async function requestPasswordReset({
  email: given,
  address,
}: {
  email: string;
  address: string;
}): Promise<ResetRequest> {
  const started = performance.now();
  try {
    const email = normaliseEmail(given);
    const byAddress = await reserveHits([
      {
        bucket: "reset-address",
        key: address,
        windowMs: RESET_LIMITS.windowMs,
        limit: RESET_LIMITS.perAddress,
      },
    ]);
    if (!byAddress.allowed) return { status: "limited" };
    const row = await findByEmail(email);
    const token = await issueResetToken(row?.id ?? NO_ONE);
    return row && token ? { status: "issued", email, token } : { status: "unknown" };
  } finally {
    // A timer may fire up to a millisecond before its time (it counts whole milliseconds):
    // wait again until the fixed time has truly passed.
    for (
      let left = RESET_ANSWER_MS - (performance.now() - started);
      left > 0;
      left = RESET_ANSWER_MS - (performance.now() - started)
    ) {
      await sleep(Math.ceil(left));
    }
  }
}

export type LinkCheck =
  | { ok: true; email: string; purpose: LinkPurpose }
  | { ok: false; problem: LinkProblem; purpose?: LinkPurpose };

/** What a link is good for, without using it. */
export async function checkLink({ token }: { token: string }): Promise<LinkCheck> {
  if (!isTokenShaped(token)) return { ok: false, problem: "unknown" };
  const [row] = await db()
    .select({
      email: administrators.email,
      purpose: administratorTokens.purpose,
      usedAt: administratorTokens.usedAt,
      expiresAt: administratorTokens.expiresAt,
    })
    .from(administratorTokens)
    .innerJoin(administrators, eq(administrators.id, administratorTokens.administratorId))
    .where(eq(administratorTokens.tokenHash, hashToken(token)));
  if (!row) return { ok: false, problem: "unknown" };
  if (row.usedAt) return { ok: false, problem: "used", purpose: row.purpose };
  if (row.expiresAt.getTime() <= Date.now())
    return { ok: false, problem: "expired", purpose: row.purpose };
  return { ok: true, email: row.email, purpose: row.purpose };
}

export type UseLinkOutcome =
  | { ok: true; administratorId: string; email: string }
  | { ok: false; problem: LinkProblem; purpose?: LinkPurpose }
  | { ok: false; passwordProblem: string };

/**
 * Sets the password through a link, once: the link is marked used in the same statement
 * that checks it is unused and unexpired, so two posts of one link cannot both succeed.
 * Every session of that administrator ends (rules §12) and their other unused links too.
 */
export async function setPasswordWithLink({
  token,
  password,
}: {
  token: string;
  password: string;
}): Promise<UseLinkOutcome> {
  const link = await checkLink({ token });
  if (!link.ok) return link;
  const problem = await newPasswordProblem({ password, email: link.email });
  if (problem) return { ok: false, passwordProblem: problem };
  const passwordHash = await hashPassword(password);
  const tokenHash = hashToken(token);
  return db().transaction(async (tx) => {
    const now = new Date();
    const [used] = await tx
      .update(administratorTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(administratorTokens.tokenHash, tokenHash),
          isNull(administratorTokens.usedAt),
          gt(administratorTokens.expiresAt, now),
        ),
      )
      .returning({ administratorId: administratorTokens.administratorId });
    if (!used) return { ok: false, problem: "used" } as const;
    const [admin] = await tx
      .update(administrators)
      // Choosing the password signs them in (set-password.tsx): it counts as a sign-in.
      .set({ passwordHash, passwordSetAt: now, lastLoginAt: now })
      .where(eq(administrators.id, used.administratorId))
      .returning({ id: administrators.id, email: administrators.email });
    if (!admin) return { ok: false, problem: "unknown" } as const;
    await tx.delete(sessions).where(eq(sessions.administratorId, admin.id));
    await tx
      .delete(administratorTokens)
      .where(
        and(
          eq(administratorTokens.administratorId, admin.id),
          ne(administratorTokens.tokenHash, tokenHash),
          isNull(administratorTokens.usedAt),
        ),
      );
    // ADR 021: who chose their password with a link (an invitation, Forgot password).
    await withTransactionScope(tx, () =>
      recordActivity({
        actor: admin,
        screen: "password",
        action: "password",
        recordId: admin.id,
        label: admin.email,
        fields: ["password"],
      }),
    );
    return { ok: true, administratorId: admin.id, email: admin.email } as const;
  });
}

/**
 * Sends a link by e-mail when SMTP is configured; "skipped" without it. Never throws: the
 * invitation is on the inviting administrator's screen anyway, and Forgot password answers the
 * same whatever happens (a failure is logged without the link).
 */
export async function sendLinkMail({
  purpose,
  to,
  url,
  transport = transportFromEnvironment(),
}: {
  purpose: LinkPurpose;
  to: string;
  url: string;
  transport?: Transporter | null;
}): Promise<"sent" | "skipped" | "failed"> {
  if (!transport) return "skipped";
  const env = loadEnv();
  try {
    // ADR 013: the club's name and e-mail as Club details has them.
    const { details: club } = await getClub();
    const from = env.SMTP_FROM ?? env.CONTACT_TO ?? club.email;
    await transport.sendMail(linkMail({ purpose, to, from, url, clubName: club.name }));
    return "sent";
  } catch (error) {
    logger().error({ err: error, purpose }, "administrator link: sending the e-mail failed");
    return "failed";
  }
}
