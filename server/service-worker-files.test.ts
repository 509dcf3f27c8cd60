import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceWorkerFiles } from "./service-worker-files.ts";

describe("serviceWorkerFiles", () => {
  let server: ReturnType<express.Express["listen"]>;
  let base = "";
  let dir = "";
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "sw-files-"));
    fs.writeFileSync(path.join(dir, "sw.js"), "self.x = 1;");
    const app = express();
    app.use(serviceWorkerFiles(dir));
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

  it("serves the worker as JavaScript that browsers always revalidate", async () => {
    const response = await fetch(`${base}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-type")).toMatch(/javascript/);
  });

  it("passes on when the build has no such file", async () => {
    expect((await fetch(`${base}/offline.html`)).status).toBe(404);
  });
});
