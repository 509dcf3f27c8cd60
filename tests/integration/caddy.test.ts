import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import http2 from "node:http2";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server.ts";
import { setDatabase } from "../../app/db/database.server.ts";
import { installChangeNoticesOn, rawClientOf } from "../../app/db/notify.server.ts";
import { fixtures } from "../../app/db/schema.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { buildFixture } from "../../scripts/factories.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { openTestDatabase } from "../db.ts";

// The site behind Debian's Caddy, with the Caddyfile shipped in deploy/ (ADR 027): only its
// address and the site's port are changed, and `tls internal` gives a certificate from
// Caddy's own authority instead of Let's Encrypt. Everything a visitor reaches goes through
// Caddy over HTTPS and HTTP/2.

const root = path.resolve(import.meta.dirname, "../..");
const SHIPPED = path.join(root, "deploy/Caddyfile");
const PASSWORD = "amber-kettle-river-42";

function caddyInstalled(): boolean {
  return spawnSync("caddy", ["version"], { stdio: "ignore" }).status === 0;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The shipped Caddyfile for this test: its address, the site's port, Caddy's own CA. */
function testCaddyfile({
  httpsPort,
  httpPort,
  upstream,
}: {
  httpsPort: number;
  httpPort: number;
  upstream: string;
}): string {
  const shipped = fs.readFileSync(SHIPPED, "utf8");
  // The test must notice when the shipped file no longer has what it replaces.
  expect(shipped).toContain("club.example.org {");
  expect(shipped).toContain("reverse_proxy 127.0.0.1:3000 {");
  const site = `https://127.0.0.1:${httpsPort}`;
  const global = `{
	admin off
	http_port ${httpPort}
	https_port ${httpsPort}
	auto_https disable_redirects
	skip_install_trust
	default_sni 127.0.0.1
}
`;
  return (
    global +
    shipped
      .replace("club.example.org {", `${site} {\n\ttls internal`)
      .replace("reverse_proxy 127.0.0.1:3000 {", `reverse_proxy ${upstream} {`)
  );
}

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: Buffer;
  protocol: string;
}

describe("the site behind Caddy (deploy/Caddyfile)", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-caddy-"));
  let handle: DatabaseHandle;
  let app: TestApp;
  let caddy: ChildProcess | undefined;
  let caddyOutput = "";
  let origin = "";
  let ca: Buffer;
  // A match played today, followed live through Caddy (ADR 036).
  let fixtureId = "";
  const sessions: http2.ClientHttp2Session[] = [];

  beforeAll(async () => {
    if (!caddyInstalled())
      throw new Error(
        "Caddy is not installed: this test runs the site behind Debian's Caddy. Install it with `apt-get install caddy` (.ci/run does).",
      );
    handle = await openTestDatabase("pglite");
    setDatabase(handle);
    await createAdministrator({ email: "keeper@club.example", password: PASSWORD });
    await installChangeNoticesOn(handle);
    const [match] = await handle.db
      .insert(fixtures)
      .values(buildFixture({ opponent: "Belfast Bulls", date: new Date() }))
      .returning();
    fixtureId = match?.id ?? "";
    // The change notices feed the live streams, as in the server.
    app = await startTestApp(handle, { trustProxy: 1, pageCacheSeconds: 30, listen: true });
    const httpsPort = await freePort();
    const httpPort = await freePort();
    const config = path.join(work, "Caddyfile");
    fs.writeFileSync(
      config,
      testCaddyfile({ httpsPort, httpPort, upstream: new URL(app.url).host }),
    );
    // Caddy keeps its authority and certificates under XDG_DATA_HOME.
    const home = path.join(work, "home");
    caddy = spawn("caddy", ["run", "--config", config, "--adapter", "caddyfile"], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: home,
        XDG_DATA_HOME: path.join(home, "data"),
        XDG_CONFIG_HOME: path.join(home, "config"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    caddy.stdout?.on("data", (chunk: Buffer) => {
      caddyOutput += chunk.toString();
    });
    caddy.stderr?.on("data", (chunk: Buffer) => {
      caddyOutput += chunk.toString();
    });
    origin = `https://127.0.0.1:${httpsPort}`;
    const rootCert = path.join(home, "data/caddy/pki/authorities/local/root.crt");
    for (let i = 0; ; i++) {
      if (caddy.exitCode !== null || i > 300)
        throw new Error(`Caddy did not start:\n${caddyOutput}`);
      if (fs.existsSync(rootCert)) {
        ca = fs.readFileSync(rootCert);
        try {
          await request({ path: "/healthz" });
          break;
        } catch {
          // not serving yet
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    for (const session of sessions) session.destroy();
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((r) => caddy?.once("exit", r));
      caddy.kill("SIGTERM");
      await exited;
    }
    await app?.close();
    setDatabase(undefined);
    await handle?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** One request over HTTP/2, trusting only Caddy's authority, from `localAddress`. */
  async function request({
    path: target,
    method = "GET",
    headers = {},
    body,
    localAddress = "127.0.0.1",
  }: {
    path: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    localAddress?: string;
  }): Promise<Answer> {
    // localAddress goes on to the socket (tls.connect), which the types leave out.
    const options: http2.SecureClientSessionOptions & { localAddress: string } = {
      ca,
      localAddress,
    };
    const session = http2.connect(origin, options);
    sessions.push(session);
    session.on("error", () => {});
    const stream = session.request({ ":method": method, ":path": target, ...headers });
    if (body !== undefined) stream.end(body);
    else stream.end();
    const answer = await new Promise<Answer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let response: http2.IncomingHttpHeaders = {};
      stream.on("response", (h) => {
        response = h;
      });
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () =>
        resolve({
          status: Number(response[":status"]),
          headers: response,
          body: Buffer.concat(chunks),
          protocol: session.alpnProtocol ?? "",
        }),
      );
      stream.on("error", reject);
    });
    session.close();
    return answer;
  }

  it("answers over HTTPS with HTTP/2, a certificate the client checks, and HSTS once", async () => {
    const answer = await request({ path: "/healthz" });
    expect(answer.protocol).toBe("h2");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString()).status).toBe("ok");
    const page = await request({ path: "/about" });
    expect(page.status).toBe(200);
    // Set by the site (Caddy told it the visitor came over HTTPS), not twice.
    expect(page.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["x-frame-options"]).toBe("DENY");
  });

  it("compresses once: the site's gzip passes through as it is", async () => {
    const page = await request({ path: "/about", headers: { "accept-encoding": "gzip" } });
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(page.body).toString()).toMatch(/^<!DOCTYPE html>/i);
  });

  it("serves kept pages through the fast path", async () => {
    await request({ path: "/news" });
    const again = await request({ path: "/news" });
    expect(again.status).toBe(200);
    expect(again.headers["x-page-cache"]).toBe("HIT");
    expect(again.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  });

  it("signs in with a Secure cookie", async () => {
    const answer = await request({
      path: "/admin/login",
      method: "POST",
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "keeper@club.example", password: PASSWORD }).toString(),
    });
    expect(answer.status).toBe(302);
    const cookie = String(answer.headers["set-cookie"]);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
  });

  it("counts sign-in limits by the visitor's address, not Caddy's nor a forged one", async () => {
    const hashed = (address: string) => createHash("sha256").update(address).digest("hex");
    await rawClientOf(handle).query("delete from rate_limit_hits");
    const answer = await request({
      path: "/admin/login",
      method: "POST",
      localAddress: "127.0.0.2",
      headers: {
        origin,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "203.0.113.9",
      },
      body: new URLSearchParams({ email: "keeper@club.example", password: "wrong" }).toString(),
    });
    expect(answer.status).toBe(401);
    const { rows } = await rawClientOf(handle).query(
      "select key from rate_limit_hits where bucket = 'login-address'",
    );
    expect(rows.map((row) => row.key)).toEqual([hashed("127.0.0.2")]);
    expect(rows.map((row) => row.key)).not.toContain(hashed("127.0.0.1"));
    expect(rows.map((row) => row.key)).not.toContain(hashed("203.0.113.9"));
  });

  it("refuses an oversized form with 413", async () => {
    const answer = await request({
      path: "/contact",
      method: "POST",
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      body: `message=${"a".repeat(3200 * 1024)}`,
    });
    expect(answer.status).toBe(413);
  });

  it("passes a live match's event stream through as each event happens (ADR 036)", async () => {
    const session = http2.connect(origin, { ca });
    sessions.push(session);
    const stream = session.request({ ":path": `/fixtures/${fixtureId}/live` });
    stream.end();
    let received = "";
    const arrivals: { at: number; text: string }[] = [];
    stream.on("data", (chunk: Buffer) => {
      received += chunk.toString();
      arrivals.push({ at: Date.now(), text: chunk.toString() });
    });
    const headers = await new Promise<http2.IncomingHttpHeaders>((resolve) =>
      stream.once("response", resolve),
    );
    expect(headers[":status"]).toBe(200);
    expect(headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    // Caddy compresses pages (encode): never this stream, which would then wait for a buffer.
    expect(headers["content-encoding"]).toBeUndefined();
    const until = async (seen: () => boolean, what: string) => {
      for (const started = Date.now(); !seen(); ) {
        if (Date.now() - started > 5_000) throw new Error(`${what} within 5 s; got: ${received}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await until(() => received.includes("data: "), "the match's state");

    // The results secretary kicks off on the Live screen: the followers' stream, still open
    // through Caddy, carries the event at once (not when the stream ends, as a buffer would).
    const cookie = await signIn({ app, email: "keeper@club.example", password: PASSWORD });
    const sent = Date.now();
    const kickOff = await fetch(`${app.url}/admin/live`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ fixtureId, intent: "kick-off", requestId: randomUUID() }),
    });
    expect(kickOff.status).toBe(200);
    await until(() => received.includes('"phase":"first-half"'), "the kick-off");
    const arrived = arrivals.find((chunk) => chunk.text.includes('"phase":"first-half"'));
    expect((arrived?.at ?? Number.POSITIVE_INFINITY) - sent).toBeLessThan(2_000);
    expect(stream.closed).toBe(false);
    session.close();
  });
});
