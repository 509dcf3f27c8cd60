import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";

describe("parseEnv", () => {
  it("gives the documented defaults", () => {
    const result = parseEnv({});
    expect(result).toEqual({
      ok: true,
      env: {
        NODE_ENV: "production",
        PORT: 3000,
        HOST: "127.0.0.1",
        DATA_DIR: path.resolve("./data"),
        SEED_DEMO: true,
        TRUST_PROXY: false,
        FORM_BODY_LIMIT_KB: 3072,
        LOG_LEVEL: "info",
        ADMIN_RESET_PASSWORD: false,
        PAGE_CACHE_SECONDS: 30,
        RENDER_CONCURRENCY: 4,
        PASSWORD_HASH_COST: 15,
        ACTIVITY_DAYS: 730,
        MAIL_PER_MINUTE: 60,
        BACKUP_DIR: path.resolve("./backups"),
        BACKUP_KEEP_DAILY: 14,
        BACKUP_KEEP_WEEKLY: 8,
      },
    });
  });

  it("reads MAIL_PER_MINUTE as a whole number from 1, 60 unless set", () => {
    expect(parseEnv({ MAIL_PER_MINUTE: "600" })).toMatchObject({ env: { MAIL_PER_MINUTE: 600 } });
    expect(parseEnv({ MAIL_PER_MINUTE: "0" })).toMatchObject({
      ok: false,
      problems: ['MAIL_PER_MINUTE must be at least 1 (got "0")'],
    });
  });

  it("reads ACTIVITY_DAYS as a whole number of days, 730 unless set", () => {
    expect(parseEnv({ ACTIVITY_DAYS: "90" })).toMatchObject({ env: { ACTIVITY_DAYS: 90 } });
    expect(parseEnv({ ACTIVITY_DAYS: "0" })).toMatchObject({
      ok: false,
      problems: ['ACTIVITY_DAYS must be at least 1 (got "0")'],
    });
    expect(parseEnv({ ACTIVITY_DAYS: "1.5" })).toMatchObject({
      ok: false,
      problems: ['ACTIVITY_DAYS must be a whole number of days (got "1.5")'],
    });
  });

  it("puts backups beside the data folder unless BACKUP_DIR says where (ADR 027)", () => {
    expect(parseEnv({ DATA_DIR: "/srv/club/data" })).toMatchObject({
      env: { BACKUP_DIR: "/srv/club/backups" },
    });
    expect(parseEnv({ DATA_DIR: "/srv/club/data", BACKUP_DIR: "/mnt/usb" })).toMatchObject({
      env: { BACKUP_DIR: "/mnt/usb" },
    });
    expect(parseEnv({ BACKUP_KEEP_DAILY: "0" })).toMatchObject({
      ok: false,
      problems: ['BACKUP_KEEP_DAILY must be at least 1 (got "0")'],
    });
  });

  it("reads PASSWORD_HASH_COST as log2 of scrypt's N, 15 unless lowered (10 at least) or raised (18 at most)", () => {
    expect(parseEnv({ PASSWORD_HASH_COST: "10" })).toMatchObject({
      env: { PASSWORD_HASH_COST: 10 },
    });
    expect(parseEnv({ PASSWORD_HASH_COST: "9" })).toMatchObject({
      ok: false,
      problems: ['PASSWORD_HASH_COST must be at least 10 (got "9")'],
    });
    expect(parseEnv({ PASSWORD_HASH_COST: "19" })).toMatchObject({
      ok: false,
      problems: ['PASSWORD_HASH_COST must be at most 18 (got "19")'],
    });
  });

  it("reads flags and numbers, and treats empty values as unset", () => {
    const result = parseEnv({
      PORT: "8080",
      SEED_DEMO: "0",
      TRUST_PROXY: "1",
      DATABASE_URL: "",
    });
    expect(result.ok && result.env).toMatchObject({
      PORT: 8080,
      SEED_DEMO: false,
      TRUST_PROXY: 1,
    });
    expect(result.ok && "DATABASE_URL" in result.env).toBe(false);
    expect(parseEnv({ PAGE_CACHE_SECONDS: "0" })).toMatchObject({
      env: { PAGE_CACHE_SECONDS: 0 },
    });
  });

  it("reads WEB_CONCURRENCY as a number of processes, unset by default", () => {
    expect(parseEnv({ WEB_CONCURRENCY: "4" })).toMatchObject({ env: { WEB_CONCURRENCY: 4 } });
    expect(parseEnv({ WEB_CONCURRENCY: "0" })).toMatchObject({
      ok: false,
      problems: ['WEB_CONCURRENCY must be at least 1 (got "0")'],
    });
    expect(parseEnv({ WEB_CONCURRENCY: "two" })).toMatchObject({ ok: false });
  });

  it("reads TRUST_PROXY as a number of proxy hops or a list of proxy addresses (rules §12)", () => {
    expect(parseEnv({ TRUST_PROXY: "2" })).toMatchObject({ env: { TRUST_PROXY: 2 } });
    expect(parseEnv({ TRUST_PROXY: "0" })).toMatchObject({ env: { TRUST_PROXY: false } });
    expect(parseEnv({ TRUST_PROXY: "10.0.0.5, loopback, fd00::/8" })).toMatchObject({
      env: { TRUST_PROXY: ["10.0.0.5", "loopback", "fd00::/8"] },
    });
    // "true" used to trust every X-Forwarded-For entry: refused, with what to write instead.
    for (const bad of ["true", "yes", "10.0.0.300", "nginx"]) {
      const result = parseEnv({ TRUST_PROXY: bad });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.problems.join()).toContain("TRUST_PROXY must be 0, the number");
    }
  });

  it("wants ADMIN_EMAIL and ADMIN_PASSWORD together, and never echoes the password", () => {
    const result = parseEnv({ ADMIN_PASSWORD: "hunter2-but-long" });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toEqual(["ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or neither)"]);
    const bad = parseEnv({ ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "x" });
    expect(bad.ok ? [] : bad.problems).toContain(
      'ADMIN_EMAIL must be an e-mail address (got "not-an-email")',
    );
  });

  it("explains every bad value, and never echoes a database URL", () => {
    const result = parseEnv({
      PORT: "70000",
      SEED_DEMO: "perhaps",
      DATABASE_URL: "mysql://user:secret@host/db",
      NODE_ENV: "staging",
    });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toContain('PORT must be between 1 and 65535 (got "70000")');
    expect(parseEnv({ PAGE_CACHE_SECONDS: "-1" })).toMatchObject({
      ok: false,
      problems: ['PAGE_CACHE_SECONDS must be 0 (off) or more (got "-1")'],
    });
    expect(problems).toContain(
      'SEED_DEMO must be 1 or 0 (also accepted: true/false, yes/no) (got "perhaps")',
    );
    expect(problems).toContain(
      "DATABASE_URL must be a postgres:// or postgresql:// connection URL",
    );
    expect(problems.join("\n")).not.toContain("secret");
    expect(problems.some((p) => p.startsWith("NODE_ENV must be production"))).toBe(true);
  });
});

describe("parseEnv: contact forwarding and analytics", () => {
  it("accepts an SMTP URL, the addresses and a GA4 id, all optional", () => {
    const result = parseEnv({
      SMTP_URL: "smtps://club:secret@mail.example:465",
      CONTACT_TO: "inbox@club.example",
      SMTP_FROM: "website@club.example",
      ANALYTICS_ID: "G-ABC123DEF4",
    });
    expect(result.ok && result.env).toMatchObject({
      SMTP_URL: "smtps://club:secret@mail.example:465",
      CONTACT_TO: "inbox@club.example",
      SMTP_FROM: "website@club.example",
      ANALYTICS_ID: "G-ABC123DEF4",
    });
    const defaults = parseEnv({});
    expect(defaults.ok && "SMTP_URL" in defaults.env).toBe(false);
    expect(defaults.ok && "ANALYTICS_ID" in defaults.env).toBe(false);
  });

  it("refuses bad values and never echoes the SMTP URL's password", () => {
    const result = parseEnv({
      SMTP_URL: "http://club:secret@mail.example",
      CONTACT_TO: "not-an-address",
      ANALYTICS_ID: "UA-12345-1",
    });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems.some((p) => p.startsWith("SMTP_URL must be an smtp://"))).toBe(true);
    expect(problems.some((p) => p.startsWith("CONTACT_TO must be an e-mail address"))).toBe(true);
    expect(problems.some((p) => p.startsWith("ANALYTICS_ID must be a GA4 measurement id"))).toBe(
      true,
    );
    expect(problems.join("\n")).not.toContain("secret");
  });
});
