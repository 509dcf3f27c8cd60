import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "./precompressed.ts";

function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject);
  });
}

describe("precompressedAssets", () => {
  let server: http.Server;
  let base = "";
  let dir = "";
  const script = "export const answer = 42;\n".repeat(50);
  // A copy that differs from what zlib would make, so the test knows which one was sent.
  const copy = zlib.gzipSync(Buffer.from(script), { level: 1 });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompressed-"));
    fs.writeFileSync(path.join(dir, "site-abc.js"), script);
    fs.writeFileSync(path.join(dir, "site-abc.js.gz"), copy);
    fs.writeFileSync(path.join(dir, "plain-abc.js"), script);
    fs.writeFileSync(path.join(dir, "secret.txt.gz"), "not an asset");
    const app = express();
    app.use("/assets", precompressedAssets(dir));
    app.use("/assets", express.static(dir, { immutable: true, maxAge: "1y" }));
    app.use((_req, res) => {
      res.status(404).send("not found");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("sends the build's gzip copy, as JavaScript cached for a year, to a browser that accepts gzip", async () => {
    const answer = await get(`${base}/assets/site-abc.js`, { "accept-encoding": "gzip, br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(answer.body.equals(copy)).toBe(true);
    expect(zlib.gunzipSync(answer.body).toString()).toBe(script);
  });

  it("sends the original to a client that does not accept gzip", async () => {
    const answer = await get(`${base}/assets/site-abc.js`, { "accept-encoding": "identity" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(answer.body.toString()).toBe(script);
  });

  it("passes on a file without a copy, and never serves a copy of anything but a script or stylesheet", async () => {
    const plain = await get(`${base}/assets/plain-abc.js`, { "accept-encoding": "gzip" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const other = await get(`${base}/assets/secret.txt`, { "accept-encoding": "gzip" });
    expect(other.status).toBe(404);
  });
});
