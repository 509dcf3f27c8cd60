import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../app/db/database.server.ts";
import { createApp } from "./app.ts";

function fakeDatabase(ping: () => Promise<void>): DatabaseHandle {
  return {
    db: {} as DatabaseHandle["db"],
    kind: "postgres",
    location: "test",
    ping,
    close: async () => {},
  };
}

async function health(database: DatabaseHandle) {
  const app = createApp({ database, logger: pino({ level: "silent" }), trustProxy: false });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    return { status: response.status, body: await response.json() };
  } finally {
    server.close();
  }
}

describe("GET /healthz", () => {
  it("answers 200 when the database answers", async () => {
    expect(await health(fakeDatabase(async () => {}))).toEqual({
      status: 200,
      body: { status: "ok", database: "postgres" },
    });
  });

  it("answers 503 when the database fails", async () => {
    const result = await health(
      fakeDatabase(async () => {
        throw new Error("connection refused");
      }),
    );
    expect(result).toEqual({ status: 503, body: { status: "unavailable", database: "postgres" } });
  });

  it("answers 503 when the database does not answer in time", async () => {
    const result = await health(fakeDatabase(() => new Promise(() => {})));
    expect(result.status).toBe(503);
  });
});
