import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { administrators, administratorTokens, sessions } from "../../app/db/schema.ts";
import {
  createAdministrator,
  LAST_ADMINISTRATOR,
} from "../../app/domain/auth/administrators.server.ts";
import { RESET_REQUESTED } from "../../app/domain/auth/rules.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";

// Administrators through the real host (ADR 014): the last one
// cannot be removed, an invitation link works once and not after 48 hours, a password is
// changed only with the current one, Forgot password answers the same for any address.

// A mail server that is not there (nothing listens on this port of ours): sending fails,
// is logged, and changes no answer.
process.env.SMTP_URL = "smtp://127.0.0.1:4399";

const PASSWORD = "amber-kettle-river-42";
const CHOSEN = "harbour-lantern-violet-19";
const form = (app: TestApp, cookie?: string) => ({
  origin: app.url,
  "content-type": "application/x-www-form-urlencoded",
  ...(cookie ? { cookie } : {}),
});
const decode = (html: string) => html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'");

describeWithDatabases("administrators over HTTP", ({ db }) => {
  let app: TestApp;
  let cookie: string;
  let chairId: string;

  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle());
    chairId = (await createAdministrator({ email: "chair@club.example", password: PASSWORD })).id;
    cookie = await signIn({ app, email: "chair@club.example", password: PASSWORD });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("refuses to remove the last administrator with a clear message, and changes nothing", async () => {
    const response = await fetch(`${app.url}/admin/administrators`, {
      method: "POST",
      headers: form(app, cookie),
      body: new URLSearchParams({ intent: "delete", id: chairId }),
    });
    expect(response.status).toBe(409);
    expect(decode(await response.text())).toContain(LAST_ADMINISTRATOR);
    expect(await db().select().from(administrators)).toHaveLength(1);
  });

  it("refuses an invitation that names no role, inviting no one", async () => {
    const response = await fetch(`${app.url}/admin/administrators/new`, {
      method: "POST",
      headers: form(app, cookie),
      body: new URLSearchParams({ email: "nobody@club.example" }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose at least one role.");
    expect(
      await db()
        .select()
        .from(administrators)
        .where(eq(administrators.email, "nobody@club.example")),
    ).toEqual([]);
  });

  it("invites: the link is shown once, works once, signs the new administrator in", async () => {
    const response = await fetch(`${app.url}/admin/administrators/new`, {
      method: "POST",
      headers: form(app, cookie),
      body: new URLSearchParams({ email: "coach@club.example", roles: "editor" }),
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    const link = /\/admin\/set-password\/([A-Za-z0-9_-]{43})/.exec(html);
    expect(link).not.toBeNull();
    const path = link?.[0] ?? "";
    // The invitation names the roles (rules §6 Roles).
    const [invited] = await db()
      .select({ roles: administrators.roles })
      .from(administrators)
      .where(eq(administrators.email, "coach@club.example"));
    expect(invited?.roles).toEqual(["editor"]);
    // The database has only the hash.
    const [stored] = await db().select().from(administratorTokens);
    expect(stored?.tokenHash).not.toBe(link?.[1]);

    const page = await fetch(`${app.url}${path}`);
    expect(page.status).toBe(200);
    expect(decode(await page.text())).toContain(
      "Choose the password you will sign in with as coach@club.example",
    );

    const weak = await fetch(`${app.url}${path}`, {
      method: "POST",
      headers: form(app),
      body: new URLSearchParams({ newPassword: "password1234", confirmPassword: "password1234" }),
    });
    expect(weak.status).toBe(400);
    expect(await weak.text()).not.toContain("password1234");

    const chosen = await fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: form(app),
      body: new URLSearchParams({ newPassword: CHOSEN, confirmPassword: CHOSEN }),
    });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("location")).toBe("/admin");
    const session = chosen.headers.get("set-cookie")?.split(";")[0] ?? "";
    // Signed in as what the invitation named: an Editor (rules §6 Roles).
    expect((await fetch(`${app.url}/admin/news`, { headers: { cookie: session } })).status).toBe(
      200,
    );
    expect(
      (await fetch(`${app.url}/admin/administrators`, { headers: { cookie: session } })).status,
    ).toBe(403);

    const again = await fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: form(app),
      body: new URLSearchParams({
        newPassword: "other-lantern-word-88",
        confirmPassword: "other-lantern-word-88",
      }),
    });
    expect(again.status).toBe(410);
    expect(decode(await again.text())).toContain("This link has already been used");
    expect(await signIn({ app, email: "coach@club.example", password: CHOSEN })).toMatch(/=/);
    // Whoever reads the log cannot use the link (rules §12): the access log names the page
    // without its token, on every request that used it.
    const token = link?.[1] ?? "";
    await fetch(`${app.url}${path}.data`);
    const log = app.log();
    expect(log).not.toContain(token);
    expect(
      log.match(/"path":"\/admin\/set-password\/\[redacted\]"/g)?.length,
    ).toBeGreaterThanOrEqual(4);
  });

  it("refuses an expired invitation with a clear message, and changes nothing", async () => {
    const response = await fetch(`${app.url}/admin/administrators/new`, {
      method: "POST",
      headers: form(app, cookie),
      body: new URLSearchParams({ email: "late@club.example", roles: "administrator" }),
    });
    const path = /\/admin\/set-password\/[A-Za-z0-9_-]{43}/.exec(await response.text())?.[0] ?? "";
    const [late] = await db()
      .select()
      .from(administrators)
      .where(eq(administrators.email, "late@club.example"));
    await db()
      .update(administratorTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(administratorTokens.administratorId, late?.id ?? ""));
    const page = await fetch(`${app.url}${path}`);
    expect(page.status).toBe(410);
    expect(decode(await page.text())).toContain("This link has expired");
    const post = await fetch(`${app.url}${path}`, {
      method: "POST",
      headers: form(app),
      body: new URLSearchParams({ newPassword: CHOSEN, confirmPassword: CHOSEN }),
    });
    expect(post.status).toBe(410);
    const [after] = await db()
      .select()
      .from(administrators)
      .where(eq(administrators.email, "late@club.example"));
    expect(after?.passwordSetAt).toBeNull();
    expect(after?.passwordHash).toBe(late?.passwordHash);
  });

  it("changes your own password only with the current one; your other sessions end", async () => {
    const other = await signIn({ app, email: "chair@club.example", password: PASSWORD });
    const wrong = await fetch(`${app.url}/admin/password`, {
      method: "POST",
      headers: form(app, cookie),
      body: new URLSearchParams({
        currentPassword: "not-my-password-1",
        newPassword: CHOSEN,
        confirmPassword: CHOSEN,
      }),
    });
    expect(wrong.status).toBe(400);
    expect(decode(await wrong.text())).toContain("That is not your current password.");
    const changed = await fetch(`${app.url}/admin/password`, {
      method: "POST",
      redirect: "manual",
      headers: form(app, cookie),
      body: new URLSearchParams({
        currentPassword: PASSWORD,
        newPassword: CHOSEN,
        confirmPassword: CHOSEN,
      }),
    });
    expect(changed.status).toBe(302);
    expect((await fetch(`${app.url}/admin/password`, { headers: { cookie } })).status).toBe(200);
    const ended = await fetch(`${app.url}/admin/password`, {
      redirect: "manual",
      headers: { cookie: other },
    });
    expect(ended.status).toBe(302);
    expect(
      await db().select().from(sessions).where(eq(sessions.administratorId, chairId)),
    ).toHaveLength(1);
  });

  it("Forgot password answers the same for a known and an unknown address", async () => {
    const login = await fetch(`${app.url}/admin/login`);
    expect(await login.text()).toContain("Forgot password?");
    const ask = (email: string) =>
      fetch(`${app.url}/admin/forgot-password`, {
        method: "POST",
        headers: form(app),
        body: new URLSearchParams({ email, roles: "administrator" }),
      });
    const known = await ask("chair@club.example");
    const unknown = await ask("nobody@club.example");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(decode(await known.text())).toContain(RESET_REQUESTED);
    expect(decode(await unknown.text())).toContain(RESET_REQUESTED);
    const resets = await db()
      .select()
      .from(administratorTokens)
      .where(eq(administratorTokens.purpose, "reset"));
    expect(resets).toHaveLength(1);
  });
});
