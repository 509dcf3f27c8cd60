import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../app/config/env.server.ts";

// deploy/clubsite.service (ADR 027): the settings a volunteer copies must hold together.

const root = fileURLToPath(new URL("..", import.meta.url));
const unit = fs.readFileSync(path.join(root, "deploy/clubsite.service"), "utf8");
const settings = (name: string) =>
  [...unit.matchAll(new RegExp(`^${name}=(.*)$`, "gm"))].map((match) => match[1] ?? "");

describe("the systemd unit", () => {
  const environment = Object.fromEntries(
    settings("Environment").map((line) => line.split("=", 2) as [string, string]),
  );

  it("gives the server a valid environment behind one proxy", () => {
    const parsed = parseEnv(environment);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.env.TRUST_PROXY).toBe(1);
    expect(parsed.env.HOST).toBe("127.0.0.1");
    expect(parsed.env.NODE_ENV).toBe("production");
  });

  it("may write only the data and backup folders, and restarts on failure", () => {
    expect(settings("ProtectSystem")).toEqual(["strict"]);
    expect(settings("NoNewPrivileges")).toEqual(["yes"]);
    expect(settings("Restart")).toEqual(["on-failure"]);
    // ADR 029: the bound under load plus the most an import adds; slowed above MemoryHigh first.
    expect(settings("MemoryMax")).toEqual(["700M"]);
    expect(settings("MemoryHigh")).toEqual(["400M"]);
    const writable = settings("ReadWritePaths").flatMap((line) => line.split(/\s+/));
    expect(writable.sort()).toEqual([environment.BACKUP_DIR, environment.DATA_DIR].sort());
    // The folders are inside the working directory the service starts in.
    const [workingDirectory] = settings("WorkingDirectory");
    for (const folder of writable) expect(folder.startsWith(`${workingDirectory}/`)).toBe(true);
  });
});
