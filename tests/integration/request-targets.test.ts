import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";

// The HTTP server itself (server/connections.ts, ADR 024), with a raw socket: the forms of a
// request target a client may send, and a client that sends its body too slowly.

/** Sends `request` as is and resolves with everything the server wrote before closing. */
function raw(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(answer));
    socket.write(request);
  });
}

/** A raw connection, open: what the server has written to it so far, and whether it closed. */
async function connect(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = "";
  let closed = false;
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    received += chunk;
  });
  socket.on("close", () => {
    closed = true;
  });
  socket.on("error", () => {});
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, received: () => received, closed: () => closed };
}

/** A whole answer with a Content-Length: the headers and that many bytes of body. */
function isWhole(answer: string): boolean {
  const end = answer.indexOf("\r\n\r\n");
  const length = /\r\ncontent-length: *(\d+)/i.exec(answer.slice(0, end));
  return end !== -1 && length !== null && answer.length - end - 4 >= Number(length[1]);
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
const errorLines = (log: string) =>
  log.split("\n").filter((line) => line.includes('"level":50') || line.includes('"level":60'));

describeWithDatabases("request targets and slow clients", () => {
  let app: TestApp;
  let slow: TestApp;
  beforeAll(async () => {
    slow = await startTestApp(getDatabaseHandle(), {
      timeouts: { headersMs: 1_000, requestMs: 1_500, checkEveryMs: 200, keepAliveMs: 5_000 },
    });
    app = await startTestApp(getDatabaseHandle(), { pageCacheSeconds: 30 });
  });
  afterAll(async () => {
    await app?.close();
    await slow?.close();
  });

  it("accepts a target in absolute form, as the same page, without an error in the log", async () => {
    const host = new URL(app.url).host;
    const origin = await raw(
      app.url,
      `GET /about HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(origin)).toBe(200);
    for (let n = 0; n < 2; n++) {
      // Twice: the second may come from the page cache's fast path.
      const absolute = await raw(
        app.url,
        `GET http://${host}/about HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(statusOf(absolute)).toBe(200);
      expect(absolute).toContain("<h1");
    }
    // The target's authority is the Host (RFC 9112), whatever the header says.
    const other = await raw(
      app.url,
      `GET http://${host}/contact?x=1 HTTP/1.1\r\nHost: elsewhere.example\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(other)).toBe(200);
    expect(errorLines(app.log())).toEqual([]);
  });

  it("answers 400 to `*` and other targets that are not a path, without an error in the log", async () => {
    const host = new URL(app.url).host;
    for (const target of ["*", "about", "http://", "mailto:x@y.example"]) {
      for (const method of ["GET", "OPTIONS"]) {
        const answer = await raw(
          app.url,
          `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
        );
        // Node's parser refuses some itself (a bare 400); the rest are refused here.
        expect(statusOf(answer), `${method} ${target}`).toBe(400);
        if (target === "*") expect(answer).toContain("the request target must be a path");
      }
    }
    expect(errorLines(app.log())).toEqual([]);
  });

  it("keeps an idle connection longer than Node's 5 s, so a proxy never reuses one as it closes", async () => {
    const host = new URL(app.url).host;
    const connection = await connect(app.url);
    const ask = async () => {
      const from = connection.received().length;
      connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
      await expect
        .poll(() => connection.closed() || isWhole(connection.received().slice(from)))
        .toBe(true);
      return connection.received().slice(from);
    };
    try {
      const first = await ask();
      expect(statusOf(first)).toBe(200);
      expect(first).toMatch(/\r\nKeep-Alive: timeout=125\r\n/i);
      // Longer than Node's default keep-alive (5 s), after which it closed the connection.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(connection.closed()).toBe(false);
      expect(statusOf(await ask())).toBe(200);
      expect(connection.closed()).toBe(false);
    } finally {
      connection.socket.destroy();
    }
  }, 20_000);

  it("reads and drops the rest of an upload it refused before reading, so the sender sees the answer and may go on", async () => {
    const host = new URL(app.url).host;
    const { socket, received } = await connect(app.url);
    // A photo upload (a route whose action streams its body) with no session: refused by the
    // action before it reads the body, after the body's first bytes were taken in.
    const boundary = "----clubsite-drain";
    const chunk = Buffer.alloc(64 * 1024, "a");
    const chunks = 160; // 10 MB: more than the sockets' buffers hold
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const length = head.length + chunk.length * chunks + tail.length;
    socket.write(
      `POST /admin/news HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${app.url}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n${head}`,
    );
    const sent = (async () => {
      for (let n = 0; n < chunks; n++) {
        if (!socket.write(chunk)) await new Promise((resolve) => socket.once("drain", resolve));
      }
      socket.write(tail);
      return true;
    })();
    // With Node's keep-alive of 5 s the stalled upload ended then; with 125 s, two minutes.
    const stalled = new Promise<false>((resolve) => setTimeout(() => resolve(false), 8_000));
    try {
      expect(await Promise.race([sent, stalled])).toBe(true);
      await expect.poll(() => statusOf(received()), { timeout: 5_000 }).toBeGreaterThanOrEqual(300);
      expect(statusOf(received())).toBeLessThan(500);
      // The connection goes on: the next request on it is answered.
      const answered = received().length;
      socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
      await expect.poll(() => statusOf(received().slice(answered)), { timeout: 5_000 }).toBe(200);
    } finally {
      socket.destroy();
    }
  }, 30_000);

  it("cuts off a body sent too slowly, and headers that never end", async () => {
    const host = new URL(slow.url).host;
    const { hostname, port } = new URL(slow.url);
    const started = Date.now();
    const closed = await new Promise<{ ms: number; answer: string }>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname);
      let answer = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => {
        answer += chunk;
      });
      socket.on("error", reject);
      socket.write(
        `POST /contact HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n`,
      );
      // One byte every 100 ms: never idle, never done.
      const drip = setInterval(() => {
        if (!socket.destroyed) socket.write("a");
      }, 100);
      const give = setTimeout(() => socket.destroy(), 10_000);
      socket.on("close", () => {
        clearInterval(drip);
        clearTimeout(give);
        resolve({ ms: Date.now() - started, answer });
      });
    });
    expect(closed.ms).toBeLessThan(4_000);
    expect(statusOf(closed.answer)).toBe(408);

    const headersStarted = Date.now();
    const unfinished = await new Promise<number>((resolve) => {
      const socket = net.connect(Number(port), hostname);
      socket.on("error", () => {});
      socket.write(`GET /about HTTP/1.1\r\nHost: ${host}\r\n`);
      const drip = setInterval(() => {
        if (!socket.destroyed) socket.write("X-Slow: 1\r\n");
      }, 100);
      const give = setTimeout(() => socket.destroy(), 10_000);
      socket.on("close", () => {
        clearInterval(drip);
        clearTimeout(give);
        resolve(Date.now() - headersStarted);
      });
    });
    expect(unfinished).toBeLessThan(4_000);
  }, 30_000);
});
