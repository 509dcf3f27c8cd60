import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "../../app/db/open.server.ts";
import { activity } from "../../app/db/schema.ts";
import { migratedDataDir, runScript } from "../server-process.ts";

// `npm run admin` (README "Creating an administrator", rules §6 Roles) as a volunteer runs it,
// on the embedded database: roles given with --role, shown by list, changed by roles; an
// unknown role or taking the last Administrator's role is refused; each change is in Activity
// as the command line's (ADR 021).

const work = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-admin-cli-"));
const env = { DATA_DIR: migratedDataDir("", path.join(work, "data")) };
const PASSWORD = "amber-kettle-river-42";
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const admin = (...args: string[]) => runScript({ name: "admin.ts", args, env, cwd: work });

it("creates with roles, lists them, changes them, refuses what it must, and records it all", async () => {
  const chair = await admin("create", "--email", "chair@club.example", "--password", PASSWORD);
  expect(chair.stdout).toContain("chair@club.example created (Administrator)");
  const press = await admin(
    ...["create", "--email", "press@club.example", "--password", PASSWORD],
    ...["--role", "team-manager", "--role", "editor"],
  );
  expect(press.code).toBe(0);
  expect(press.stdout).toContain("(Editor, Team manager)");

  const unknown = await admin("roles", "--email", "press@club.example", "--role", "owner");
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain("Unknown role: owner.");
  const last = await admin("roles", "--email", "chair@club.example", "--role", "editor");
  expect(last.code).toBe(1);
  expect(last.stderr).toContain("keep the Administrator role");
  const changed = await admin(
    ...["roles", "--email", "press@club.example"],
    ...["--role", "results-secretary"],
  );
  expect(changed.stdout).toContain("Roles of press@club.example: Results secretary.");

  const list = await admin("list");
  expect(list.stdout).toMatch(/chair@club\.example\tAdministrator\t/);
  expect(list.stdout).toMatch(/press@club\.example\tResults secretary\t/);

  const handle = await openDatabase({ dataDir: env.DATA_DIR, migrate: false });
  try {
    const records = await handle.db.select().from(activity);
    expect(records.map((r) => [r.actor, r.action, r.label])).toEqual(
      expect.arrayContaining([
        ["command line", "create", "chair@club.example"],
        ["command line", "create", "press@club.example"],
        ["command line", "roles", "press@club.example"],
      ]),
    );
    // The refusals changed nothing, so they are not recorded.
    expect(records.length).toBe(3);
  } finally {
    await handle.close();
  }
});
