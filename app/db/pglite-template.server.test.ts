import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, rowsOf } from "./open.server.ts";
import { startFromTemplate, writePgliteTemplate } from "./pglite-template.server.ts";

// ADR 029: a new data folder is a copy of the empty folder the build made, with PostgreSQL's
// small memory settings; a folder holding anything is never replaced.

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-template-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("the empty PGlite folder", () => {
  it("is made once, copied into a new data folder, and opens with the small settings", async () => {
    const template = path.join(scratch, "template");
    await writePgliteTemplate(template);
    expect(fs.existsSync(path.join(template, "PG_VERSION"))).toBe(true);
    expect(fs.existsSync(`${template}.partial`)).toBe(false);

    const pgdata = path.join(scratch, "data", "pglite");
    fs.mkdirSync(pgdata, { recursive: true });
    expect(startFromTemplate(pgdata, template)).toBe(true);
    expect(fs.existsSync(`${pgdata}.partial`)).toBe(false);
    // Once it holds a database, it is left alone.
    expect(startFromTemplate(pgdata, template)).toBe(false);

    const handle = await openDatabase({ dataDir: path.join(scratch, "data"), migrate: false });
    try {
      const shown = rowsOf<{ shared_buffers: string }>(
        await handle.db.execute("show shared_buffers"),
      );
      expect(shown[0]?.shared_buffers).toBe("16MB");
      expect(handle.wasmMemoryBytes?.()).toBeLessThanOrEqual(140 * 1024 * 1024);
    } finally {
      await handle.close();
    }
  });

  it("is not copied over a folder that holds files, nor from a folder without a database", () => {
    const template = path.join(scratch, "not-a-database");
    fs.mkdirSync(template);
    const pgdata = path.join(scratch, "other", "pglite");
    fs.mkdirSync(pgdata, { recursive: true });
    expect(startFromTemplate(pgdata, template)).toBe(false);

    fs.writeFileSync(path.join(template, "PG_VERSION"), "17\n");
    fs.writeFileSync(path.join(pgdata, "notes.txt"), "mine");
    expect(startFromTemplate(pgdata, template)).toBe(false);
    expect(fs.readdirSync(pgdata)).toEqual(["notes.txt"]);
  });
});
