import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../app/db/open.server.ts";
import { subscribers } from "../../app/db/schema.ts";
import { startTestSmtp } from "../../tests/smtp.ts";
import { createSmallSet, type DataTarget } from "./data.ts";
import { groupResidentBytes } from "./memory.ts";
import { base, log, options } from "./options.ts";
import { removeFolderOnCleanup } from "./processes.ts";
import { startServer } from "./server.ts";

// The supporters' e-mail at scale (ADR 032, decisions 31): 5,000 confirmed subscribers on the
// demo content, one news item published through Manage News. Judged: the e-mails are queued
// within 5 s of publishing (the queue is written in the publish's transaction, so the answer
// to the publish is the moment they are queued), they leave at MAIL_PER_MINUTE (measured over
// a window at a high rate), and the server's resident memory stays within the 350 MB the
// README states under load (ADR 029).

const MAIL_SUBSCRIBERS = 5_000;
/** A high rate, so the window says something in seconds: 40 a second. */
const PER_MINUTE = 2_400;
const WINDOW_MS = 15_000;
const QUEUED_WITHIN_MS = 5_000;
const MEMORY_BOUND_BYTES = 350 * 1_000_000;

export interface MailResult {
  subscribers: number;
  /** From the publish's request to its answer: the e-mails are queued by then. */
  publishMs: number;
  perMinute: number;
  /** Messages that arrived at the SMTP server within the window after the first one. */
  windowMessages: number;
  windowSeconds: number;
  /** Measured rate, messages a minute. */
  measuredPerMinute: number;
  /** The most resident memory of the server seen while it sent. */
  peakResidentBytes: number | null;
  passed: boolean;
  line: string;
}

async function addSubscribers(target: DataTarget, count: number): Promise<void> {
  const handle = await openDatabase(target);
  try {
    const confirmedAt = new Date(Date.now() - 24 * 3600 * 1000);
    for (let offset = 0; offset < count; offset += 1000) {
      const rows = Array.from({ length: Math.min(1000, count - offset) }, (_, n) => ({
        email: `fan${offset + n}@bench.example`,
        lists: ["news", "digest"],
        status: "confirmed" as const,
        confirmedAt,
        manageKey: randomBytes(24).toString("base64url"),
      }));
      await handle.db.insert(subscribers).values(rows);
    }
  } finally {
    await handle.close();
  }
}

async function signIn(origin: string): Promise<string> {
  const login = await fetch(`${origin}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      email: options.admin.email,
      password: options.admin.password,
      redirectTo: "/admin",
    }).toString(),
  });
  const cookie = login.headers.get("set-cookie")?.split(";")[0];
  if (login.status !== 302 || !cookie)
    throw new Error(`Admin sign-in failed: HTTP ${login.status}`);
  return cookie;
}

export async function measureMail(): Promise<MailResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-bench-mail-"));
  removeFolderOnCleanup(dataDir);
  const target: DataTarget = { dataDir };
  log(`Mail: demo content and ${MAIL_SUBSCRIBERS.toLocaleString("en-GB")} confirmed subscribers…`);
  await createSmallSet(target);
  await addSubscribers(target, MAIL_SUBSCRIBERS);
  const smtp = await startTestSmtp({ parse: false });
  const server = await startServer(target, options.port, {
    env: { SMTP_URL: smtp.url, MAIL_PER_MINUTE: String(PER_MINUTE) },
  });
  const startResident = groupResidentBytes(server.child.pid ?? 0);
  try {
    const origin = base();
    const cookie = await signIn(origin);
    const form = await (await fetch(`${origin}/admin/news`, { headers: { cookie } })).text();
    const promised = form.match(/This will be e-mailed to ([\d,]+) subscribers/)?.[1];
    if (Number(promised?.replace(/,/g, "")) !== MAIL_SUBSCRIBERS) {
      throw new Error(`Manage News says "${promised}" subscribers, not ${MAIL_SUBSCRIBERS}`);
    }
    const started = performance.now();
    const publish = await fetch(`${origin}/admin/news`, {
      method: "POST",
      redirect: "manual",
      headers: { origin, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "save",
        title: "Bench: the cup draw",
        content: "Five thousand supporters hear about it.",
      }).toString(),
    });
    const publishMs = performance.now() - started;
    if (publish.status !== 302) throw new Error(`Publishing failed: HTTP ${publish.status}`);

    let peak = groupResidentBytes(server.child.pid ?? 0);
    const deadline = Date.now() + WINDOW_MS * 4;
    while (smtp.arrivals.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const first = smtp.arrivals[0];
    if (first === undefined) throw new Error("No e-mail arrived at the SMTP server.");
    while (Date.now() < first + WINDOW_MS) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      peak = Math.max(peak ?? 0, groupResidentBytes(server.child.pid ?? 0) ?? 0);
    }
    const windowMessages = smtp.arrivals.filter((at) => at < first + WINDOW_MS).length;
    // n messages spaced evenly span (n - 1) gaps.
    const measuredPerMinute = Math.round(((windowMessages - 1) / WINDOW_MS) * 60_000);
    const withinRate =
      measuredPerMinute <= PER_MINUTE * 1.05 && measuredPerMinute >= PER_MINUTE * 0.8;
    const withinMemory = peak === null || peak <= MEMORY_BOUND_BYTES;
    const queuedInTime = publishMs <= QUEUED_WITHIN_MS;
    const passed = withinRate && withinMemory && queuedInTime;
    const toMb = (bytes: number | null) =>
      bytes === null ? "n/a" : `${Math.round(bytes / 1_000_000)} MB`;
    const mb = `${toMb(peak)} (${toMb(startResident)} after start)`;
    const line = `${passed ? "PASS" : "FAIL"} mail: ${MAIL_SUBSCRIBERS.toLocaleString("en-GB")} subscribers queued with the publish in ${(publishMs / 1000).toFixed(2)} s (≤ 5 s); sent ${measuredPerMinute}/min over ${WINDOW_MS / 1000} s at MAIL_PER_MINUTE=${PER_MINUTE} (0.8–1.05 ×); peak memory ${mb} (≤ 350 MB)`;
    log(line);
    return {
      subscribers: MAIL_SUBSCRIBERS,
      publishMs: Math.round(publishMs),
      perMinute: PER_MINUTE,
      windowMessages,
      windowSeconds: WINDOW_MS / 1000,
      measuredPerMinute,
      peakResidentBytes: peak,
      passed,
      line,
    };
  } finally {
    await server.stop();
    await smtp.close();
  }
}
