import type pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildNews } from "../../scripts/factories.ts";
import { describeWithDatabases } from "../../tests/db.ts";
import { getDatabaseHandle } from "./database.server.ts";
import {
  type Change,
  type ChangeListener,
  installChangeNoticesOn,
  LISTENER_APPLICATION_NAME,
  listenForChanges,
  PRIVATE_TABLES,
  rawClientOf,
  tablesWithChangeNotices,
} from "./notify.server.ts";
import { news, rateLimitHits } from "./schema.ts";

// Waits for a condition that another connection makes true (a notice is asynchronous).
async function eventually(check: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never happened: ${what}`);
}

describeWithDatabases("change notices", ({ db, driver }) => {
  const heard: (Change | null)[] = [];
  const logged: string[] = [];
  const logger = {
    info: (_: object, message: string) => logged.push(`info ${message}`),
    warn: (_: object, message: string) => logged.push(`warn ${message}`),
    debug: () => {},
  };
  let listener: ChangeListener;

  beforeAll(async () => {
    await installChangeNoticesOn(getDatabaseHandle());
    listener = await listenForChanges({
      handle: getDatabaseHandle(),
      logger,
      onChange: (change) => heard.push(change),
      firstRetryMs: 50,
    });
  });
  afterAll(async () => {
    await listener?.close();
  });

  it("puts the trigger on every public table except the private ones", async () => {
    const sql = rawClientOf(getDatabaseHandle());
    const { rows } = await sql.query(
      "select tablename from pg_tables where schemaname = 'public' order by tablename",
    );
    const all = rows.map((row) => String(row.tablename));
    expect(all).toContain("news");
    expect(await tablesWithChangeNotices(sql)).toEqual(
      all.filter((name) => !PRIVATE_TABLES.includes(name)),
    );
  });

  it("says which table changed and how, once the write commits", async () => {
    heard.length = 0;
    await db().transaction(async (tx) => {
      await tx.insert(news).values(buildNews({ title: "Notice me" }));
      // Not sent before the commit: a reader must not empty its cache for a change it cannot see.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual([]);
    });
    await eventually(() => heard.length > 0, "a notice after the commit");
    expect(heard).toEqual([{ table: "news", op: "insert" }]);
  });

  it("stays quiet for tables no public page shows (rate limits, sessions)", async () => {
    heard.length = 0;
    await db().insert(rateLimitHits).values({ bucket: "contact", key: "127.0.0.1" });
    await db().delete(news);
    await eventually(() => heard.length > 0, "the news notice");
    expect(heard).toEqual([{ table: "news", op: "delete" }]);
  });

  if (driver === "postgres") {
    it("reconnects after losing its connection, logs it, and counts the gap as a change", async () => {
      heard.length = 0;
      const pool = rawClientOf(getDatabaseHandle()) as pg.Pool;
      const killed = await pool.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()",
        [LISTENER_APPLICATION_NAME],
      );
      expect(killed.rowCount).toBe(1);
      await eventually(() => logged.some((line) => line.startsWith("warn")), "a warning");
      await eventually(() => heard.includes(null), "listening again");
      expect(logged.some((line) => line.includes("listening again"))).toBe(true);
      heard.length = 0;
      await db()
        .insert(news)
        .values(buildNews({ title: "After the gap" }));
      await eventually(() => heard.length > 0, "a notice after reconnecting");
      expect(heard).toEqual([{ table: "news", op: "insert" }]);
    });
  }
});
