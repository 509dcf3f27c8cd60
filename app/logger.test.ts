import { Writable } from "node:stream";
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server.tsx";
import { reportError, setErrorMonitor, setLogger } from "./logger.server.ts";

// The server's errors go through the logger and the one error-monitor hook, never the console.

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString("utf8")));
      done();
    },
  });
  setLogger(pino({ base: null }, stream));
  return lines;
}

const request = (url = "http://localhost/news?email=secret@example.org") =>
  new Request(url, { method: "GET" });

afterEach(() => {
  setErrorMonitor(undefined);
  vi.restoreAllMocks();
});

describe("reportError", () => {
  it("logs the error with its context and hands it to the monitor", async () => {
    const lines = capture();
    const seen: unknown[] = [];
    setErrorMonitor((error, context) => seen.push([error, context]));
    const error = new Error("database gone");
    reportError(error, { path: "/news" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).toMatchObject({ level: 50, path: "/news", err: { message: "database gone" } });
    expect(seen).toEqual([[error, { path: "/news" }]]);
  });

  it("survives a monitor that throws", async () => {
    const lines = capture();
    setErrorMonitor(() => {
      throw new Error("monitor down");
    });
    expect(() => reportError(new Error("x"))).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => line.msg)).toEqual(["request failed", "error monitor failed"]);
  });
});

describe("handleError", () => {
  it("reports a server error through the logger, never console.error, with the path only", async () => {
    const lines = capture();
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    handleError(new Error("render failed"), {
      request: request(),
      params: {},
      context: undefined as never,
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(consoleError).not.toHaveBeenCalled();
    expect(lines[0]).toMatchObject({
      method: "GET",
      path: "/news",
      err: { message: "render failed" },
    });
    expect(JSON.stringify(lines[0])).not.toContain("secret@example.org");
  });
});
