import net from "node:net";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { describeWithDatabases, useDemoClub } from "../../../tests/db.ts";
import { contactMessages, rateLimitHits } from "../../db/schema.ts";
import { createLogger, setLogger } from "../../logger.server.ts";
import { forwardContactMessage, submitContactMessage } from "./contact.server.ts";
import { CONTACT_RATE_LIMIT } from "./rules.ts";

const message = (n: number) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  message: `Hello from visitor ${n}. When is the next open training night?`,
});

describeWithDatabases("submitContactMessage", ({ db }) => {
  it("stores the message as sent", async () => {
    const outcome = await submitContactMessage({
      message: message(1),
      clientAddress: "203.0.113.1",
    });
    expect(outcome.status).toBe("stored");
    const rows = await db().select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...message(1), readAt: null });
    expect(outcome.status === "stored" && outcome.id).toBe(rows[0]?.id);
  });

  it("refuses an address over the limit, storing nothing, while others can still send", async () => {
    const address = "198.51.100.7";
    for (let n = 0; n < CONTACT_RATE_LIMIT.maxMessages; n++) {
      const outcome = await submitContactMessage({
        message: message(100 + n),
        clientAddress: address,
      });
      expect(outcome.status).toBe("stored");
    }
    const before = (await db().select().from(contactMessages)).length;
    const refused = await submitContactMessage({ message: message(200), clientAddress: address });
    expect(refused).toEqual({ status: "rate-limited" });
    expect(await db().select().from(contactMessages)).toHaveLength(before);
    expect(
      await db()
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, "visitor200@example.com")),
    ).toEqual([]);

    const other = await submitContactMessage({
      message: message(201),
      clientAddress: "198.51.100.8",
    });
    expect(other.status).toBe("stored");
  });

  it("counts the last hour only", async () => {
    const address = "192.0.2.44";
    for (let n = 0; n < CONTACT_RATE_LIMIT.maxMessages; n++) {
      await submitContactMessage({ message: message(300 + n), clientAddress: address });
    }
    expect(
      (await submitContactMessage({ message: message(310), clientAddress: address })).status,
    ).toBe("rate-limited");
    // An hour later the earlier messages no longer count.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + CONTACT_RATE_LIMIT.windowMs + 1000);
    try {
      expect(
        (await submitContactMessage({ message: message(311), clientAddress: address })).status,
      ).toBe("stored");
    } finally {
      vi.useRealTimers();
    }
  });

  it("never stores the sender's address itself", async () => {
    await submitContactMessage({ message: message(400), clientAddress: "203.0.113.99" });
    const keys = (await db().select().from(rateLimitHits)).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(" ")).not.toContain("203.0.113.99");
  });
});

describeWithDatabases("forwardContactMessage", ({ db }) => {
  // Written against the demo club (its name, address and e-mail).
  beforeAll(() => useDemoClub(db));
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("does nothing when no mail server is configured", async () => {
    expect(await forwardContactMessage({ message: message(1), id: "x", transport: null })).toBe(
      "skipped",
    );
  });

  it("sends the message to the club, answering to the sender", async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent = vi.spyOn(transport, "sendMail");
    expect(await forwardContactMessage({ message: message(2), id: "x", transport })).toBe("sent");
    const mail = sent.mock.calls[0]?.[0];
    expect(mail).toMatchObject({
      to: "hello@shannonside-storm.example",
      replyTo: "visitor2@example.com",
      subject: "Website message from Visitor 2",
    });
    expect(String(mail?.text)).toContain("Hello from visitor 2.");
  });

  it("reports a failure without throwing, and the stored message stays", async () => {
    const stored = await submitContactMessage({ message: message(3), clientAddress: "192.0.2.3" });
    if (stored.status !== "stored") throw new Error("not stored");
    // A port that refuses connections: the mail server is down.
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: closed,
      connectionTimeout: 2000,
    });
    let logged = "";
    setLogger(
      createLogger({
        destination: new Writable({
          write(chunk: Buffer, _encoding, callback) {
            logged += chunk.toString();
            callback();
          },
        }),
      }),
    );
    expect(await forwardContactMessage({ message: message(3), id: stored.id, transport })).toBe(
      "failed",
    );
    // One line through the server's logger, naming the message, not its content.
    expect(logged.trim().split("\n")).toHaveLength(1);
    expect(logged).toContain(stored.id);
    expect(logged).not.toContain("visitor3@example.com");
    const rows = await db().select().from(contactMessages).where(eq(contactMessages.id, stored.id));
    expect(rows).toHaveLength(1);
  });
});
