import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { sessions } from "../../db/schema.ts";
import { createAdministrator } from "./administrators.server.ts";
import { SESSION_TTL_MS } from "./rules.ts";
import {
  createSession,
  destroySession,
  getSignedInAdministrator,
  requireAdministrator,
  SESSION_COOKIE,
} from "./session.server.ts";

const site = "http://club.example";
const withCookie = (cookie: string, init: RequestInit = {}) =>
  new Request(`${site}/admin`, { ...init, headers: { cookie: cookie.split(";")[0] ?? "" } });

describeWithDatabases("sessions", ({ db }) => {
  let administratorId = "";

  it("sets an http-only, SameSite=Lax cookie, Secure only over HTTPS", async () => {
    const admin = await createAdministrator({
      email: "s@club.example",
      password: "amber-kettle-river-42",
    });
    administratorId = admin.id;
    const plain = await createSession({
      request: new Request(`${site}/admin/login`),
      administratorId,
    });
    expect(plain).toMatch(
      new RegExp(
        `^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000$`,
      ),
    );
    const secure = await createSession({
      request: new Request("https://club.example/admin/login"),
      administratorId,
    });
    expect(secure).toMatch(/; Secure$/);
  });

  it("finds the administrator of a session, stores only a hash, and gives a new id each time", async () => {
    const first = await createSession({ request: new Request(site), administratorId });
    const second = await createSession({ request: new Request(site), administratorId });
    expect(first).not.toBe(second);
    expect(await getSignedInAdministrator(withCookie(first))).toEqual({
      id: administratorId,
      email: "s@club.example",
      roles: ["administrator"],
    });
    const token = first.split(";")[0]?.split("=")[1] ?? "";
    const stored = await db().select().from(sessions);
    expect(stored.some((s) => s.idHash === token)).toBe(false);
  });

  it("ignores missing, malformed, unknown and expired sessions", async () => {
    expect(await getSignedInAdministrator(new Request(site))).toBeNull();
    expect(await getSignedInAdministrator(withCookie(`${SESSION_COOKIE}=<script>`))).toBeNull();
    expect(
      await getSignedInAdministrator(withCookie(`${SESSION_COOKIE}=${"A".repeat(43)}`)),
    ).toBeNull();
    const cookie = await createSession({ request: new Request(site), administratorId });
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await getSignedInAdministrator(withCookie(cookie))).toBeNull();
  });

  it("slides the expiry forward while the session is used", async () => {
    const cookie = await createSession({ request: new Request(site), administratorId });
    const soon = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    await db()
      .update(sessions)
      .set({ expiresAt: soon })
      .where(eq(sessions.administratorId, administratorId));
    expect(await getSignedInAdministrator(withCookie(cookie))).not.toBeNull();
    const rows = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.administratorId, administratorId));
    const latest = Math.max(...rows.map((r) => r.expiresAt.getTime()));
    expect(latest).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
  });

  it("signs out: deletes the session and clears the cookie", async () => {
    const cookie = await createSession({ request: new Request(site), administratorId });
    const cleared = await destroySession(withCookie(cookie));
    expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Max-Age=0`));
    expect(await getSignedInAdministrator(withCookie(cookie))).toBeNull();
  });

  it("guards: a page request is sent to login (replace), any other request gets 401", async () => {
    const page = await requireAdministrator(new Request(`${site}/admin/news?tab=1`)).catch(
      (e: unknown) => e,
    );
    expect(page).toBeInstanceOf(Response);
    expect((page as Response).status).toBe(302);
    expect((page as Response).headers.get("location")).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fnews%3Ftab%3D1",
    );
    expect((page as Response).headers.get("X-Remix-Replace")).toBe("true");

    // A client navigation's data request names the page it is for, never its own address.
    const dataRequest = await requireAdministrator(
      new Request(`${site}/admin/news.data?tab=1&_routes=routes%2Fadmin%2Flayout`),
    ).catch((e: unknown) => e);
    expect((dataRequest as Response).headers.get("location")).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fnews%3Ftab%3D1",
    );
    const dashboardData = await requireAdministrator(
      new Request(
        `${site}/admin.data?_routes=routes%2Fadmin%2Flayout%2Croutes%2Fadmin%2Fdashboard`,
      ),
    ).catch((e: unknown) => e);
    expect((dashboardData as Response).headers.get("location")).toBe("/admin/login");

    const post = await requireAdministrator(
      new Request(`${site}/admin/news`, { method: "POST" }),
    ).catch((e: unknown) => e);
    expect((post as { init?: ResponseInit }).init?.status).toBe(401);

    const cookie = await createSession({ request: new Request(site), administratorId });
    await expect(
      requireAdministrator(withCookie(cookie, { method: "POST" })),
    ).resolves.toMatchObject({
      id: administratorId,
    });
  });
});
