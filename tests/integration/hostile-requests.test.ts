import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db, getDatabaseHandle } from "../../app/db/database.server.ts";
import { CONTROL_CHARACTERS_MESSAGE } from "../../app/domain/forms/control-characters.ts";
import { DEFAULT_FORM_BODY_LIMIT_BYTES } from "../../server/app.ts";
import { startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";

// rules §12: the requests an attacker sent, and what the host must answer now.

const form = "application/x-www-form-urlencoded";
const valid = {
  name: "Niamh Private",
  email: "niamh@private.example",
  message: "Hello, is there training on Saturday?",
};

describeWithDatabases("hostile requests", () => {
  let app: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp(getDatabaseHandle(), { trustProxy: 1 });
    // Started last: its logger is the server's logger the routes write to.
    app = await startTestApp(getDatabaseHandle());
  });
  afterAll(async () => {
    await app?.close();
    await proxied?.close();
  });
  const resetLimits = () => db().execute(sql`delete from rate_limit_hits`);

  it("§1: the 39-byte request gets a small answer without the sparse array", async () => {
    await resetLimits();
    const body = "name=&email=bad&message=x&z[10000000]=1";
    expect(body.length).toBe(39);
    const response = await fetch(`${app.url}/contact`, {
      method: "POST",
      headers: { "content-type": form },
      body,
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text.length).toBeLessThan(100_000);
    expect(text).not.toContain("null,null");
    expect(text).toContain("Please enter your name.");
  });

  it("§1: invalid forms count against the contact limit", async () => {
    await resetLimits();
    const post = (fields: Record<string, string>) =>
      fetch(`${app.url}/contact`, {
        method: "POST",
        headers: { "content-type": form },
        body: new URLSearchParams(fields),
      });
    for (let n = 0; n < 5; n++) expect((await post({ email: "bad" })).status).toBe(400);
    expect((await post(valid)).status).toBe(429);
  });

  it("§2: a body over the limit gets 413 with a short plain message, whether or not its length is announced", async () => {
    const big = `message=${"a".repeat(DEFAULT_FORM_BODY_LIMIT_BYTES)}`;
    const announced = await fetch(`${app.url}/contact`, {
      method: "POST",
      headers: { "content-type": form },
      body: big,
    });
    expect(announced.status).toBe(413);
    expect(announced.headers.get("content-type")).toMatch(/^text\/plain/);
    expect((await announced.text()).length).toBeLessThan(200);
    // Chunked: no Content-Length, the reader stops at the limit.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode(big.slice(0, 1e6)));
        controller.close();
      },
    });
    const streamed = await fetch(`${app.url}/contact`, {
      method: "POST",
      headers: { "content-type": form },
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it("§3: with TRUST_PROXY=1 a forged X-Forwarded-For does not get past the contact limit", async () => {
    await resetLimits();
    const statuses: number[] = [];
    for (let n = 0; n < 7; n++) {
      const response = await fetch(`${proxied.url}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": form,
          // What a visitor sends, then what our own proxy appends: the address it saw.
          "x-forwarded-for": `198.51.100.${n}, 203.0.113.9`,
        },
        body: new URLSearchParams(valid),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429, 429]);
  });

  it("§7: TRACE, a malformed Host and a malformed form get 4xx, never a stack", async () => {
    const trace = await fetch(`${app.url}/`, { method: "TRACE" }).catch(() => null);
    // fetch refuses to send TRACE itself: use a raw request.
    const raw = async (request: string) => {
      const net = await import("node:net");
      const { port } = new URL(app.url);
      return new Promise<string>((resolve, reject) => {
        let answer = "";
        const socket = net.connect(Number(port), "127.0.0.1", () => socket.end(request));
        socket.on("data", (chunk) => {
          answer += chunk.toString();
        });
        socket.on("end", () => resolve(answer));
        socket.on("error", reject);
      });
    };
    expect(trace).toBeNull();
    const traced = await raw("TRACE / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect(traced).toMatch(/^HTTP\/1.1 405/);
    const badHost = await raw("GET /about HTTP/1.1\r\nHost: exa mple\r\nConnection: close\r\n\r\n");
    expect(badHost).toMatch(/^HTTP\/1.1 400/);
    const broken = await fetch(`${app.url}/contact`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nunterminated',
    });
    expect(broken.status).toBe(400);
    const malformedPath = await fetch(`${app.url}/assets/%E0%A4%A`);
    expect(malformedPath.status).toBeGreaterThanOrEqual(400);
    expect(malformedPath.status).toBeLessThan(500);
    for (const answer of [traced, badHost, await broken.text(), await malformedPath.text()]) {
      expect(answer).not.toMatch(/\n\s+at |node_modules|\/server\//);
    }
  });

  it("§10: a NUL byte in the contact name is refused next to the field", async () => {
    await resetLimits();
    const response = await fetch(`${app.url}/contact`, {
      method: "POST",
      headers: { "content-type": form },
      body: new URLSearchParams({ ...valid, name: "Nia\u0000mh\u001b[2J" }),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(CONTROL_CHARACTERS_MESSAGE);
    // The field is filled in again without the control characters (rules §12).
    expect(html).not.toContain("\u0000");
    expect(html).not.toContain("\u001b");
    expect(html).toContain('value="Niamh[2J"');
  });

  it("§7, §10: a database failure is a plain 500 page; the log has the error, not the visitor's data", async () => {
    await resetLimits();
    await db().execute(
      sql.raw(
        "alter table contact_messages add constraint refuse_for_test check (name <> 'Boom Private')",
      ),
    );
    try {
      const response = await fetch(`${app.url}/contact`, {
        method: "POST",
        headers: { "content-type": form },
        body: new URLSearchParams({ ...valid, name: "Boom Private" }),
      });
      expect(response.status).toBe(500);
      const page = await response.text();
      expect(page).not.toMatch(/\n\s+at |node_modules|refuse_for_test/);
      const log = app.log();
      expect(log).toContain("refuse_for_test");
      for (const secret of ["Boom Private", valid.email, valid.message]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await db().execute(sql.raw("alter table contact_messages drop constraint refuse_for_test"));
    }
  });

  it("§12: a body that is not a form gets 415 on /contact and /admin/login", async () => {
    for (const path of ["/contact", "/admin/login"]) {
      const response = await fetch(`${app.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "a@b.ie", password: "x" }),
      });
      expect(response.status).toBe(415);
    }
  });
});
