import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

// How long after an admin write on server A does server B show it (ADR 010)?
//
//   DATABASE_URL=postgres://…/scratch npm run bench -- invalidation [--port 3502] [--writes 20]
//
// Starts two servers (ports P and P+1, one process each, PAGE_CACHE_SECONDS=3600 so only the
// change notice can explain B showing the change) on a scratch PostgreSQL database (it writes
// news items there), then, for each write: keeps B's /news in its cache, saves a news item
// through A, and measures (1) from sending A's request to the notice reaching a bystander
// LISTEN connection (the notice leaves at the commit, before A answers), (2) from A's answer
// to B's first /news showing the item (polled every 5 ms, so it includes B's new render).

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== "invalidation"),
  options: { port: { type: "string", default: "3502" }, writes: { type: "string", default: "20" } },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    "Set DATABASE_URL to a scratch PostgreSQL database (news items are written there).",
  );
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, "../..");
const portA = Number(values.port);
const writes = Number(values.writes);
const EMAIL = "bench@club.example";
const PASSWORD = "amber-kettle-river-42";

const children: ChildProcess[] = [];
async function start(port: number, extra: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(root, "build/host/index.js")], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PAGE_CACHE_SECONDS: "3600",
      WEB_CONCURRENCY: "1",
      SEED_DEMO: "0",
      ...extra,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return `http://127.0.0.1:${port}`;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on ${port} did not start`);
}
const stopAll = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("exit", stopAll);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

try {
  const a = await start(portA, { SEED_DEMO: "1", ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD });
  const b = await start(portA + 1, {});
  const login = await fetch(`${a}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: a, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
  const bystander = new pg.Client({ connectionString: databaseUrl });
  await bystander.connect();
  await bystander.query("listen clubsite_changes");
  let heardAt = 0;
  bystander.on("notification", () => {
    heardAt ||= performance.now();
  });

  const notice: number[] = [];
  const requestMs: number[] = [];
  const visible: number[] = [];
  for (let n = 1; n <= writes; n++) {
    const title = `Invalidation probe ${Date.now()}-${n}`;
    await fetch(`${b}/news`);
    const kept = await fetch(`${b}/news`);
    if (kept.headers.get("x-page-cache") !== "HIT") throw new Error("B did not keep /news");
    heardAt = 0;
    const sentAt = performance.now();
    const saved = await fetch(`${a}/admin/news`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: a, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save", title, content: "Probe." }),
    });
    const answeredAt = performance.now();
    if (saved.status !== 302) throw new Error(`write failed: ${saved.status}`);
    for (;;) {
      const html = await (await fetch(`${b}/news`)).text();
      if (html.includes(title)) break;
      if (performance.now() - answeredAt > 10_000) throw new Error("B never showed the change");
      await new Promise((r) => setTimeout(r, 5));
    }
    visible.push(performance.now() - answeredAt);
    // The notice leaves at the commit, before A answers: measured from the request's start.
    notice.push((heardAt || Number.NaN) - sentAt);
    requestMs.push(answeredAt - sentAt);
  }
  await bystander.end();
  const report = (name: string, values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    console.log(
      `${name}: median ${quantile(sorted, 0.5).toFixed(1)} ms, p95 ${quantile(sorted, 0.95).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms (${values.length} writes)`,
    );
  };
  report("A's admin request (send -> answer)", requestMs);
  report("A's request sent -> notice heard by another connection", notice);
  report("A's answer -> B's /news shows the change", visible);
} finally {
  stopAll();
}
