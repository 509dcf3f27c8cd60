import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_PAINT } from "../../app/document-scripts.ts";
import {
  compileCacheEnv,
  HOST_ENTRY,
  migratedDataDir,
  TEST_NODE_OPTIONS,
} from "../server-process.ts";

// The host as a real process: `node build/host/index.js` (server/index.ts compiled, ADR 041)
// on the production build, as `npm start` runs it. Each server starts on a copy of a
// migrated, empty data folder (it still loads the club's details and seeds the demo
// content); a start on a folder that does not exist yet (initdb, migrations) is the browser
// suite's every run (tests/e2e/server.ts).

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = migratedDataDir("clubsite-server-");
// The other servers' folders, removed at the end like the main one.
const otherDirs: string[] = [];
const otherDataDir = (prefix: string) => {
  const dir = migratedDataDir(prefix);
  otherDirs.push(dir);
  return dir;
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(port: number, extraEnv: Record<string, string> = {}): Started {
  const child = spawn(process.execPath, [...TEST_NODE_OPTIONS, HOST_ENTRY], {
    cwd: root,
    env: {
      ...compileCacheEnv(),
      PATH: process.env.PATH,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      BACKUP_DIR: `${dataDir}-backups`,
      PORT: String(port),
      LOG_LEVEL: "info",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(port: number, started: Started) {
  // Up to two minutes: a first start migrates and seeds a new database, slow on a busy machine.
  for (let i = 0; i < 1200; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (started.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${started.output()}`);
}

let port: number;
let server: Started;

beforeAll(async () => {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("No production build: run `npm run build` first (npm test does).");
  }
  port = await freePort();
  server = startServer(port);
  await waitForHealth(port, server);
});

afterAll(async () => {
  if (server.child.exitCode === null) {
    server.child.kill("SIGKILL");
    await server.exited;
  }
  for (const dir of [dataDir, `${dataDir}-backups`, ...otherDirs])
    fs.rmSync(dir, { recursive: true, force: true });
});

describe("the host", () => {
  it("answers /healthz with 200 after checking the database", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // With the newest backup's age (ADR 027): the start's own, or none yet while it is written.
    expect(await response.json()).toEqual({
      status: "ok",
      database: "pglite",
      backup: {
        ageSeconds: expect.toBeOneOf([null, expect.any(Number)]),
        warning: expect.any(String),
      },
    });
  });

  it("renders pages on the server with security headers", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<h1");
    expect(html).toContain("Shannonside Storm Powerchair Football Club");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    // Every inline script of the page is allowed by its hash, and nothing else inline.
    const allowed = csp.match(/script-src ([^;]+)/)?.[1]?.split(" ") ?? [];
    const inline = [
      ...html.matchAll(
        /<script(?![^>]*\b(?:src|type="application\/ld\+json")\b)[^>]*>([\s\S]*?)<\/script>/g,
      ),
    ];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, text] of inline) {
      const hash = createHash("sha256")
        .update(text ?? "")
        .digest("base64");
      expect(allowed).toContain(`'sha256-${hash}'`);
    }
    expect(allowed).not.toContain("'unsafe-inline'");
    // Content first on slow phones: no script preloads in the head (app/entry.server.tsx);
    // the module script at the end of the body still starts the app.
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toMatch(/<script type="module"[^>]*>[^<]*\/assets\/entry\.client-/);
    // ...after the first paint (app/document-scripts.ts): React Router's script in the form
    // that function expects, so none of its static imports is left.
    expect(html).toContain(FIRST_PAINT);
    expect(html).toMatch(
      /const \[route0, route1, route2\] = await Promise\.all\(\[import\("\/assets\/root-/,
    );
    expect(html).not.toMatch(/^import \* as/m);
    // The admin is forms: its scripts are preloaded so a volunteer can type at once.
    const login = await (await fetch(`http://127.0.0.1:${port}/admin/login`)).text();
    expect(login).toContain('rel="modulepreload"');
    expect(login).toMatch(/^import \* as route0 from "\/assets\/root-/m);
    expect(login).not.toContain(FIRST_PAINT);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("x-powered-by")).toBeNull();
    // No HSTS over plain HTTP.
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends HSTS when a trusted proxy says the visitor used HTTPS", async () => {
    const httpsPort = await freePort();
    const proxied = startServer(httpsPort, {
      // rules §12: no NODE_ENV at all, as on a fresh deployment; the pages still render.
      NODE_ENV: "",
      TRUST_PROXY: "1",
      SEED_DEMO: "0",
      DATABASE_URL: "",
      DATA_DIR: otherDataDir("clubsite-hsts-"),
    });
    try {
      await waitForHealth(httpsPort, proxied);
      const response = await fetch(`http://127.0.0.1:${httpsPort}/`, {
        headers: { "x-forwarded-proto": "https" },
      });
      expect(response.headers.get("strict-transport-security")).toContain("max-age=");
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("</html>");
    } finally {
      proxied.child.kill("SIGTERM");
      await proxied.exited;
    }
    // A server start: slow on a busy two-core machine.
  }, 240_000);

  it("caches hashed assets for a year", async () => {
    const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    const asset = html.match(/\/assets\/[\w.-]+\.css/)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`http://127.0.0.1:${port}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers an unknown route with a 404 page", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page not found");
  });

  it("refuses a second server on the same data folder, naming the folder", async () => {
    const second = startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is already in use`);
  });

  it("stops gracefully on SIGTERM and keeps the data for the next start", async () => {
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    // Seeded once: the restart finds content and does not seed again.
    const seedLines = () => server.output().split("demo content loaded").length - 1;
    expect(seedLines()).toBe(1);
    server = startServer(port);
    await waitForHealth(port, server);
    expect(server.output()).not.toContain("demo content loaded");
    // The default hash cost: nothing to warn about.
    expect(server.output()).not.toContain("PASSWORD_HASH_COST");
  });

  it("refuses to start with a weak ADMIN_PASSWORD, saying why", async () => {
    const weak = startServer(await freePort(), {
      ADMIN_EMAIL: "chair@club.example",
      // Long enough and not on the common list: zxcvbn's check refuses it (rules §12), in the
      // process the server starts for it (ADR 043).
      ADMIN_PASSWORD: "abababababab",
      DATA_DIR: otherDataDir("clubsite-weak-"),
      SEED_DEMO: "0",
      // Cheaper hashes than the default: said at start (README, PASSWORD_HASH_COST).
      PASSWORD_HASH_COST: "10",
    });
    expect(await weak.exited).toBe(1);
    expect(weak.output()).toContain(
      "ADMIN_EMAIL/ADMIN_PASSWORD: This password is too easy to guess",
    );
    expect(weak.output()).not.toContain("abababababab");
    expect(weak.output()).toContain("PASSWORD_HASH_COST=10: new passwords are hashed more cheaply");
  });

  it("refuses a bad configuration with a message naming the variable", async () => {
    const bad = startServer(await freePort(), { PORT: "eighty", SEED_DEMO: "maybe" });
    expect(await bad.exited).toBe(1);
    // One JSON log line (pino, rules §12) naming each variable.
    const messages = bad
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => (JSON.parse(line) as { msg: string }).msg)
      .join("\n");
    expect(messages).toContain('PORT must be a port number (got "eighty")');
    expect(messages).toContain("SEED_DEMO must be 1 or 0");
  });
});
