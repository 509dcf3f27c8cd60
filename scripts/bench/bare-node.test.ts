import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { type SavedAnswer, savedAnswer, startBareNode } from "./bare-node.ts";
import { runCleanups, stopAll } from "./processes.ts";

afterAll(async () => {
  await stopAll();
  runCleanups();
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("the bare node:http server", () => {
  it("sends a saved answer's status, headers and bytes as they were", {
    timeout: 30_000,
  }, async () => {
    const body = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 250, 251]);
    const answer: SavedAnswer = {
      path: "/fixtures?tab=results",
      status: 200,
      headers: [
        "Content-Type",
        "text/html; charset=utf-8",
        "X-Page-Cache",
        "HIT",
        "ETag",
        '"abc"',
        "Vary",
        "Accept-Encoding, Cookie",
        "Content-Encoding",
        "gzip",
        "Content-Length",
        String(body.length),
      ],
      body,
    };
    const port = await freePort();
    const server = await startBareNode({ port, answers: [answer] });
    try {
      // Read back the way the bench saves our server's answers: the same bytes and headers.
      const again = await savedAnswer(`http://127.0.0.1:${port}`, answer.path);
      expect(again).toEqual(answer);
      const missing = await fetch(`http://127.0.0.1:${port}/not-saved`);
      expect(missing.status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
