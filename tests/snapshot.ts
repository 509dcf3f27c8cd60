import type { RawSql } from "../app/db/notify.server.ts";

// Every table of the database as sorted JSON text, to compare a restored database with the
// original one: the public tables and the record of applied migrations.
export async function snapshotTables(sql: RawSql): Promise<Record<string, string>> {
  const { rows } = await sql.query(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  const names = [
    ...rows.map((row) => `"${String(row.tablename)}"`),
    "drizzle.__drizzle_migrations",
  ];
  const snapshot: Record<string, string> = {};
  for (const name of names) {
    const { rows: [content] = [] } = await sql.query(
      `select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]'::jsonb)::text as rows from ${name} t`,
    );
    snapshot[name] = String(content?.rows);
  }
  return snapshot;
}
