import { afterAll, beforeAll, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { LOCKOUT_NOTE, LOGIN_ERROR } from "../../app/domain/auth/rules.ts";
import { startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";

const EMAIL = "keeper@club.example";
const PASSWORD = "amber-kettle-river-42";

describeWithDatabases("admin login over HTTP", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle());
    await createAdministrator({ email: EMAIL, password: PASSWORD });
  });
  afterAll(async () => {
    await app?.close();
  });

  const login = (email: string, password: string, redirectTo?: string) =>
    fetch(`${app.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password, ...(redirectTo ? { redirectTo } : {}) }),
    });

  it("gives the same message for a wrong password and an unknown e-mail", async () => {
    const wrongPassword = await login(EMAIL, "not-the-password");
    const unknownEmail = await login("stranger@club.example", PASSWORD);
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      const html = await response.text();
      expect(html).toContain(LOGIN_ERROR);
      expect(html).not.toContain(LOCKOUT_NOTE);
    }
  });

  it("signs in and goes back to the page first asked for, only on this site", async () => {
    const response = await login(EMAIL, PASSWORD, "/admin/messages");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/messages");
    const offsite = await login(EMAIL, PASSWORD, "https://evil.example/admin");
    expect(offsite.headers.get("location")).toBe("/admin");
  });

  it("refuses sign-in for a while after 5 failures, with the same message and HTTP 429", async () => {
    for (let n = 0; n < 5; n++) expect((await login(EMAIL, `wrong-${n}`)).status).toBe(401);
    const refused = await login(EMAIL, PASSWORD);
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(html).toContain(LOGIN_ERROR);
    expect(html).toContain(LOCKOUT_NOTE);
    expect(refused.headers.get("set-cookie")).toBeNull();
  });

  it("never writes a password into the log", () => {
    const log = app.log();
    expect(log).toContain("/admin/login");
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain("not-the-password");
    expect(log).not.toContain("wrong-0");
  });
});
