import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db, getDatabaseHandle } from "../../app/db/database.server.ts";
import { activity } from "../../app/db/schema.ts";
import {
  createAdministrator,
  ensureAdministrator,
  removeAdministrator,
  resetAdministratorPassword,
} from "../../app/domain/auth/administrators.server.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";

// rules §12: a new password, a removal and "Sign out everywhere" end all of that
// administrator's sessions, and no one else's.

const PASSWORD = "amber-kettle-river-42";

describeWithDatabases("ending every session of an administrator", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle());
  });
  afterAll(async () => {
    await app?.close();
  });

  const opens = async (cookie: string) => {
    const response = await fetch(`${app.url}/admin/messages`, {
      redirect: "manual",
      headers: { cookie },
    });
    return response.status === 200;
  };

  it("a password reset (the CLI's, or ADMIN_RESET_PASSWORD's) ends the old sessions", async () => {
    await createAdministrator({ email: "reset@club.example", password: PASSWORD });
    await createAdministrator({ email: "other@club.example", password: PASSWORD });
    const first = await signIn({ app, email: "reset@club.example", password: PASSWORD });
    const second = await signIn({ app, email: "reset@club.example", password: PASSWORD });
    const other = await signIn({ app, email: "other@club.example", password: PASSWORD });
    expect(await opens(first)).toBe(true);
    await resetAdministratorPassword({
      email: "reset@club.example",
      password: "new-heron-lake-91",
    });
    expect(await opens(first)).toBe(false);
    expect(await opens(second)).toBe(false);
    expect(await opens(other)).toBe(true);
    const again = await signIn({ app, email: "reset@club.example", password: "new-heron-lake-91" });
    await ensureAdministrator({
      email: "reset@club.example",
      password: "third-willow-gate-58",
      resetPassword: true,
    });
    expect(await opens(again)).toBe(false);
  });

  it("removing an administrator ends their sessions", async () => {
    await createAdministrator({ email: "leaving@club.example", password: PASSWORD });
    const cookie = await signIn({ app, email: "leaving@club.example", password: PASSWORD });
    expect(await opens(cookie)).toBe(true);
    await removeAdministrator({ email: "leaving@club.example" });
    expect(await opens(cookie)).toBe(false);
  });

  it("Sign out everywhere ends every session of this administrator, no one else's", async () => {
    await createAdministrator({ email: "phone@club.example", password: PASSWORD });
    const laptop = await signIn({ app, email: "phone@club.example", password: PASSWORD });
    const phone = await signIn({ app, email: "phone@club.example", password: PASSWORD });
    const other = await signIn({ app, email: "other@club.example", password: PASSWORD });
    const response = await fetch(`${app.url}/admin/logout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: laptop,
        origin: app.url,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ scope: "everywhere" }),
    });
    expect(response.status).toBe(302);
    expect(await opens(laptop)).toBe(false);
    expect(await opens(phone)).toBe(false);
    expect(await opens(other)).toBe(true);
    // ADR 021: each sign-in and the sign-out everywhere are in Activity, under that person.
    const recorded = await db()
      .select({ action: activity.action })
      .from(activity)
      .where(eq(activity.actor, "phone@club.example"))
      .orderBy(activity.at);
    expect(recorded.map(({ action }) => action)).toEqual([
      "sign-in",
      "sign-in",
      "sign-out-everywhere",
    ]);
  });
});
