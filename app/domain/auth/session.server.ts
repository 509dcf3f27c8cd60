import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { data, replace } from "react-router";
import { db } from "../../db/database.server.ts";
import { administrators, sessions } from "../../db/schema.ts";
import {
  ADMIN_SCREENS,
  type AdminScreenKey,
  hasPermission,
  noAccessMessage,
  type Role,
  rolesOf,
} from "../admin/screens.ts";
import { SESSION_REFRESH_MS, SESSION_TTL_MS } from "./rules.ts";

// Server sessions (decisions 7): a random token in an http-only cookie; the database keeps
// only its SHA-256, so a leaked table cannot be used to sign in.

export const SESSION_COOKIE = "clubsite_session";

export interface SignedInAdministrator {
  id: string;
  email: string;
  /** rules §6: read with the session on every request, so never stale. */
  roles: Role[];
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

function cookieToken(request: Request): string | null {
  return sessionTokenOf(request.headers.get("cookie"));
}

/** The session token a Cookie header carries, or null (none, or not the shape we issue). */
export function sessionTokenOf(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) {
      const value = rest.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

function cookie(request: Request, value: string, maxAgeSeconds: number): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

/** Starts a new session (a new id at every sign-in); returns the Set-Cookie header value. */
export async function createSession({
  request,
  administratorId,
}: {
  request: Request;
  administratorId: string;
}): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db().delete(sessions).where(lt(sessions.expiresAt, new Date()));
  await db()
    .insert(sessions)
    .values({
      idHash: hashToken(token),
      administratorId,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    });
  return cookie(request, token, SESSION_TTL_MS / 1000);
}

/**
 * Whether a token is an unexpired session (one indexed read, nothing written): what the page
 * cache asks before it treats a request as signed in (ADR 025).
 */
export async function isLiveSession(token: string): Promise<boolean> {
  const [row] = await db()
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(and(eq(sessions.idHash, hashToken(token)), gt(sessions.expiresAt, new Date())));
  return Boolean(row);
}

/** The signed-in administrator of this request, or null. Slides the expiry while used. */
export async function getSignedInAdministrator(
  request: Request,
): Promise<SignedInAdministrator | null> {
  const token = cookieToken(request);
  if (!token) return null;
  const idHash = hashToken(token);
  const now = new Date();
  const [row] = await db()
    .select({
      id: administrators.id,
      email: administrators.email,
      roles: administrators.roles,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(administrators, eq(administrators.id, sessions.administratorId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)));
  if (!row) return null;
  if (row.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - SESSION_REFRESH_MS) {
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.idHash, idHash));
  }
  return { id: row.id, email: row.email, roles: rolesOf(row.roles) };
}

/**
 * The guard of every admin loader and action (decisions 7, 8). Without a session a page
 * request is sent to /admin/login (replace navigation, remembering where it was going);
 * any other request (a form post, a data request) gets 401 and nothing happens.
 */
export async function requireAdministrator(request: Request): Promise<SignedInAdministrator> {
  const administrator = await getSignedInAdministrator(request);
  if (administrator) return administrator;
  if (request.method === "GET" || request.method === "HEAD") {
    const url = new URL(request.url);
    // A client navigation asks for `<page>.data?_routes=…`: remember the page, not that.
    url.searchParams.delete("_routes");
    const target = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
    const query = target === "/admin" ? "" : `?redirectTo=${encodeURIComponent(target)}`;
    throw replace(`/admin/login${query}`);
  }
  throw data({ error: "Your session has ended. Please sign in again." }, { status: 401 });
}

/** What a refused request carries: the words of the 403 page (rules §6). */
export interface NoAccess {
  error: string;
  noAccess: true;
}

/**
 * The guard of every admin loader and action (rules §6): the session first (as
 * requireAdministrator), then the permission the registry gives the screen. Someone without
 * it gets 403 and the page "You don't have access to Club details. Ask an Administrator.";
 * nothing of the body has been read.
 */
export async function requireAccess(
  request: Request,
  screen: AdminScreenKey,
): Promise<SignedInAdministrator> {
  const administrator = await requireAdministrator(request);
  const { permission, title } = ADMIN_SCREENS[screen];
  if (hasPermission(administrator.roles, permission)) return administrator;
  throw data<NoAccess>({ error: noAccessMessage(title), noAccess: true }, { status: 403 });
}

/**
 * Ends every session of an administrator (rules §12): "Sign out everywhere", and a new
 * password (whoever knew the old one is signed out too).
 */
export async function destroyAllSessions({
  administratorId,
}: {
  administratorId: string;
}): Promise<void> {
  await db().delete(sessions).where(eq(sessions.administratorId, administratorId));
}

/** Ends every other session of this administrator (a new password), keeping this request's. */
export async function destroyOtherSessions({
  request,
  administratorId,
}: {
  request: Request;
  administratorId: string;
}): Promise<void> {
  const token = cookieToken(request);
  await db()
    .delete(sessions)
    .where(
      token
        ? and(eq(sessions.administratorId, administratorId), ne(sessions.idHash, hashToken(token)))
        : eq(sessions.administratorId, administratorId),
    );
}

/** Ends the session of this request; returns the Set-Cookie header value that clears it. */
export async function destroySession(request: Request): Promise<string> {
  const token = cookieToken(request);
  if (token)
    await db()
      .delete(sessions)
      .where(eq(sessions.idHash, hashToken(token)));
  return cookie(request, "", 0);
}
