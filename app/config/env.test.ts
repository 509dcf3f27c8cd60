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
        LOG_LEVEL: "info",
      },
    });
  });

  it("reads flags and numbers, and treats empty values as unset", () => {
    const result = parseEnv({
      PORT: "8080",
      SEED_DEMO: "0",
      TRUST_PROXY: "true",
      DATABASE_URL: "",
    });
    expect(result.ok && result.env).toMatchObject({
      PORT: 8080,
      SEED_DEMO: false,
      TRUST_PROXY: true,
    });
    expect(result.ok && "DATABASE_URL" in result.env).toBe(false);
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
