import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { club } from "../../app/config/club.ts";
import { getDatabaseHandle, setDatabase } from "../../app/db/database.server.ts";
import { forgetClub, getClub } from "../../app/domain/club/club.server.ts";
import {
  CONFIRMATION,
  CONTACT_RATE_LIMIT,
  rateLimitMessage,
  spamMessage,
} from "../../app/domain/contact/rules.ts";
import { startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases, openTestDatabase } from "../db.ts";

// The public site over real HTTP (the host, the production build, a test database): the
// contact form's action as a browser without JavaScript uses it, and the home page when the
// database cannot answer.

// HTML escapes apostrophes; compare text as the page shows it.
const escaped = (text: string) => text.replaceAll("'", "&#x27;");

/** A form post as a browser sends it, from a chosen loopback address (127.0.0.0/8). */
function post({
  app,
  path,
  form,
  from = "127.0.0.1",
}: {
  app: TestApp;
  path: string;
  form: Record<string, string>;
  from?: string;
}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(path, app.url);
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: "POST",
        localAddress: from,
        headers: {
          origin: app.url,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describeWithDatabases("the contact form over HTTP", ({ db }) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle());
  });
  afterAll(async () => {
    await app?.close();
  });

  const countFrom = async (email: string) => {
    const rows = await db().query.contactMessages.findMany({
      where: (messages, { eq }) => eq(messages.email, email),
    });
    return rows.length;
  };

  it("the home page says so when there is no news yet", async () => {
    const response = await fetch(`${app.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("No news found at the moment.");
  });

  it("stores a valid message and redirects to the confirmation", async () => {
    const response = await post({
      app,
      path: "/contact",
      from: "127.0.0.21",
      form: { name: "Niamh", email: "niamh@example.com", message: "Can I try a training night?" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/contact?sent=1#message-sent");
    expect(await countFrom("niamh@example.com")).toBe(1);

    const confirmation = await fetch(`${app.url}/contact?sent=1`);
    expect(await confirmation.text()).toContain(escaped(CONFIRMATION.title));
  });

  it("refuses invalid input with a message per field, keeps what was typed, stores nothing", async () => {
    const response = await post({
      app,
      path: "/contact",
      from: "127.0.0.22",
      form: { name: "   ", email: "not-an-address", message: "A long enough message here." },
    });
    expect(response.status).toBe(400);
    expect(response.body).toContain("Please enter your name.");
    expect(response.body).toContain("Please enter a valid e-mail address, like name@example.com.");
    expect(response.body).toContain('value="not-an-address"');
    expect(response.body).toContain("A long enough message here.");
    expect(await countFrom("not-an-address")).toBe(0);
  });

  it("refuses a filled-in honeypot and stores nothing", async () => {
    const response = await post({
      app,
      path: "/contact",
      from: "127.0.0.23",
      form: {
        name: "Bot",
        email: "bot@example.com",
        message: "Buy cheap things at our site today!",
        website: "https://spam.example",
      },
    });
    expect(response.status).toBe(400);
    expect(response.body).toContain(escaped(spamMessage(club.email)));
    expect(await countFrom("bot@example.com")).toBe(0);
  });

  it("answers 429 past the limit for that address only, storing nothing", async () => {
    const from = "127.0.0.24";
    for (let n = 0; n < CONTACT_RATE_LIMIT.maxMessages; n++) {
      const ok = await post({
        app,
        path: "/contact",
        from,
        form: { name: "Sender", email: `sender${n}@example.com`, message: "Message number one." },
      });
      expect(ok.status).toBe(302);
    }
    const refused = await post({
      app,
      path: "/contact",
      from,
      form: { name: "Sender", email: "blocked@example.com", message: "One message too many." },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.body).toContain(escaped(rateLimitMessage(club.email)));
    expect(refused.body).toContain("One message too many.");
    expect(await countFrom("blocked@example.com")).toBe(0);

    const otherAddress = await post({
      app,
      path: "/contact",
      from: "127.0.0.25",
      form: { name: "Neighbour", email: "neighbour@example.com", message: "Hello from next door." },
    });
    expect(otherAddress.status).toBe(302);
  });
});

describe("the home page when the database cannot answer", () => {
  let app: TestApp;
  beforeAll(async () => {
    const handle = await openTestDatabase("pglite");
    setDatabase(handle);
    app = await startTestApp(handle);
    // The club's details were read while the database answered (they are kept for
    // CLUB_CACHE_MS): without this, the test depended on an earlier suite's read being less
    // than 30 s old, and failed on a busy machine.
    forgetClub();
    await getClub();
    await handle.close();
  });
  afterAll(async () => {
    setDatabase(undefined);
    await app?.close();
  });

  it("still renders, with the fallback text instead of the news", async () => {
    const response = await fetch(`${app.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("No news found at the moment.");
    expect(html).toContain("Latest News");
    // The failure is logged (rules §8), through the server's logger.
    expect(app.log()).toContain("latest news could not be read");
  });
});
