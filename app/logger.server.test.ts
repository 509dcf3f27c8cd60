import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { createLogger, redactTokens, reportError, safeError, setLogger } from "./logger.server.ts";

// rules §12: errors reach the log without the visitor's data, and a visitor's text can
// never forge a log line.

function capture() {
  let text = "";
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  return { logger: createLogger({ level: "info", destination }), text: () => text };
}

const visitor = {
  name: "Siobhan Secret",
  email: "siobhan@private.example",
  message: 'hi\n{"level":50,"msg":"forged"}',
};

describe("the server's logger", () => {
  it("logs a failed query without its parameters or the database's detail", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: "22021",
      detail: `Key (email)=(${visitor.email}) already exists.`,
    });
    const error = new DrizzleQueryError(
      "insert into contact_messages (name, email, message) values ($1, $2, $3)",
      [visitor.name, visitor.email, visitor.message],
      cause,
    );
    const log = capture();
    log.logger.error({ err: error }, "request failed");
    const line = log.text();
    expect(line).toContain("insert into contact_messages");
    expect(line).toContain("22021");
    expect(line).toContain("invalid byte sequence");
    for (const secret of ["Siobhan", "siobhan@private", "forged"]) {
      expect(line).not.toContain(secret);
    }
    expect(safeError(error).message).toMatch(/params: \[redacted\]$/);
  });

  it("writes one JSON line per message, whatever the text holds", () => {
    const log = capture();
    log.logger.warn({ note: visitor.message }, "visitor text");
    const lines = log.text().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "").note).toBe(visitor.message);
  });

  it("redacts passwords, e-mails and cookies in logged objects", () => {
    const log = capture();
    log.logger.info(
      {
        email: visitor.email,
        form: { password: "hunter2-hunter2" },
        req: { headers: { cookie: "s=1" } },
      },
      "event",
    );
    const line = log.text();
    expect(line).not.toContain(visitor.email);
    expect(line).not.toContain("hunter2");
    expect(line).not.toContain("s=1");
  });

  it("leaves the token of a one-time link, or any random-looking value, out of paths and errors", () => {
    const token = randomBytes(32).toString("base64url");
    expect(redactTokens(`/admin/set-password/${token}`)).toBe("/admin/set-password/[redacted]");
    expect(redactTokens(`/admin/set-password/${token}.data`)).toBe(
      "/admin/set-password/[redacted]",
    );
    expect(redactTokens(`/admin/set-password/short`)).toBe("/admin/set-password/[redacted]");
    expect(redactTokens(`/somewhere/${token}/x`)).toBe("/somewhere/[redacted]/x");
    // A slug, however long, is kept: it is what the log is read for.
    const slug = "/news/storm-ciaran-postpones-the-derby-until-further-notice";
    expect(redactTokens(slug)).toBe(slug);

    const log = capture();
    setLogger(log.logger);
    reportError(new Error(`No route matches URL "/admin/set-password/${token}"`), {
      method: "GET",
      path: `/admin/set-password/${token}`,
    });
    expect(log.text()).not.toContain(token);
    expect(log.text()).toContain("/admin/set-password/[redacted]");
  });
});
