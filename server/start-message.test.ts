import { describe, expect, it } from "vitest";
import { startMessage } from "./start-message.ts";

describe("the start's last line (decisions 35)", () => {
  const siteUrl = "http://localhost:3000";

  it("says where the site is and how to make the first administrator", () => {
    const lines = startMessage({ siteUrl, hasAdministrator: false, demoAdministrator: null });
    expect(lines).toHaveLength(1);
    expect(lines.at(-1)).toMatch(
      /^The site is at http:\/\/localhost:3000 — create the first administrator/,
    );
    expect(lines.at(-1)).toContain("npm run admin -- create --email");
    expect(lines.at(-1)).toContain("ADMIN_EMAIL and ADMIN_PASSWORD");
  });

  it("shows the demo administrator's password once, before the address", () => {
    const lines = startMessage({
      siteUrl,
      hasAdministrator: true,
      demoAdministrator: { email: "demo@clubsite.example", password: "s3cret-once" },
    });
    expect(lines[0]).toContain("demo@clubsite.example / s3cret-once");
    expect(lines.at(-1)).toBe(
      "The site is at http://localhost:3000 — sign in at http://localhost:3000/admin with the demo administrator above.",
    );
  });

  it("names only the admin's address once there is an administrator", () => {
    expect(startMessage({ siteUrl, hasAdministrator: true, demoAdministrator: null })).toEqual([
      "The site is at http://localhost:3000 — the admin is at http://localhost:3000/admin.",
    ]);
  });
});
