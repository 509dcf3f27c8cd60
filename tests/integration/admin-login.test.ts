import { afterAll, beforeAll, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { LOCKOUT_NOTE, LOGIN_ERROR } from "../../app/domain/auth/rules.ts";
import { startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";

const EMAIL = "keeper@club.example";
const PASSWORD = "amber-kettle-river-42";
const OWNER = "owner@club.example";

describeWithDatabases("admin login over HTTP", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle());
    await createAdministrator({ email: EMAIL, password: PASSWORD });
    await createAdministrator({ email: OWNER, password: PASSWORD });
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

  it("rules §12: 25 parallel wrong passwords for one e-mail, exactly 5 are checked", async () => {
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, n) => login("race@club.example", `wrong-race-${n}`)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  it("rules §12: failures from elsewhere never lock the owner out", async () => {
    const proxied = await startTestApp(getDatabaseHandle(), { trustProxy: 1 });
    try {
      const from = (address: string, password: string) =>
        fetch(`${proxied.url}/admin/login`, {
          method: "POST",
          redirect: "manual",
          headers: {
            origin: proxied.url,
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": address,
          },
          body: new URLSearchParams({ email: OWNER, password: PASSWORD })
            .toString()
            .replace(encodeURIComponent(PASSWORD), encodeURIComponent(password)),
        });
      // An attacker guesses from one address until it is refused, then from five more.
      for (let n = 0; n < 5; n++)
        expect((await from("203.0.113.1", `guess-${n}`)).status).toBe(401);
      expect((await from("203.0.113.1", PASSWORD)).status).toBe(429);
      for (let n = 2; n < 7; n++) expect((await from(`203.0.113.${n}`, "guess")).status).toBe(401);
      // The owner, from their own address, gets in at once.
      expect((await from("198.51.100.50", PASSWORD)).status).toBe(302);
    } finally {
      await proxied.close();
    }
  });
});
