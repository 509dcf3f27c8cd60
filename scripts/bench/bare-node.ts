import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { answerEventLoopQuestions, EVENT_LOOP_REPORT_ENV } from "../../server/event-loop.ts";
import { TASKSET } from "./load.ts";
import { removeFolderOnCleanup, type Started, start } from "./processes.ts";

// The platform's own limit (ADR 007): a bare node:http server that answers each page with the
// bytes and headers our fast path sent for it (saved from our server, gzip and all), with no
// work per request but a Map lookup, writeHead and end: what server/fast-path.ts does for a
// kept page, less the cache's bookkeeping. Our server's fast path is judged against it in the
// same run (at least BARE_NODE_RATIO_BUDGET x its requests/s).
//
// This file is both the bench's side (savedAnswer, startBareNode) and the child process it
// starts: `node bare-node.ts <answers.json> <port>`.

/** One page as our fast path answered it. */
export interface SavedAnswer {
  /** The address asked for, path and query: the bare server answers it at the same address. */
  path: string;
  status: number;
  /** Header names and values in one flat list, as writeHead takes them. */
  headers: string[];
  body: Buffer;
}

/** Headers Node's HTTP server writes itself for each answer, for us and for the bare server. */
const PER_CONNECTION = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * Our server's answer to an anonymous GET with `Accept-Encoding: gzip` (what wrk sends), once
 * the page cache keeps the page (`X-Page-Cache: HIT`, so the fast path sent it).
 */
export async function savedAnswer(base: string, pagePath: string): Promise<SavedAnswer> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { cache, ...answer } = await rawGet(base + pagePath);
    if (cache === "HIT") return { path: pagePath, ...answer };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${pagePath}: not kept by the page cache, so not served by the fast path`);
}

function rawGet(url: string): Promise<Omit<SavedAnswer, "path"> & { cache?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const headers: string[] = [];
        const raw = response.rawHeaders;
        for (let i = 0; i < raw.length; i += 2) {
          const name = raw[i] ?? "";
          if (!PER_CONNECTION.has(name.toLowerCase())) headers.push(name, raw[i + 1] ?? "");
        }
        resolve({
          status: response.statusCode ?? 0,
          headers,
          body: Buffer.concat(chunks),
          cache: response.headers["x-page-cache"] as string | undefined,
        });
      });
    });
    request.on("error", reject);
  });
}

/** Starts the bare server on `port` with the saved answers; resolves once it answers. */
export async function startBareNode({
  port,
  answers,
  cpus,
  reportsEventLoop = false,
}: {
  port: number;
  answers: SavedAnswer[];
  /** The cores to run on (taskset -c), when the load is pinned. */
  cpus?: string;
  /** The slow-CPU line: an IPC channel that answers for the event loop (server/event-loop.ts). */
  reportsEventLoop?: boolean;
}): Promise<Started> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-bench-bare-"));
  removeFolderOnCleanup(dir);
  const file = path.join(dir, "answers.json");
  fs.writeFileSync(
    file,
    JSON.stringify(answers.map((a) => ({ ...a, body: a.body.toString("base64") }))),
  );
  const args = [fileURLToPath(import.meta.url), file, String(port)];
  const server = start({
    name: "node:http",
    ...(cpus === undefined
      ? { command: process.execPath, args }
      : { command: TASKSET, args: ["-c", cpus, process.execPath, ...args] }),
    ...(reportsEventLoop
      ? {
          options: {
            stdio: ["ignore", "pipe", "pipe", "ipc"],
            env: { ...process.env, [EVENT_LOOP_REPORT_ENV]: "1" },
          },
        }
      : {}),
  });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) break;
    try {
      const response = await fetch(`http://127.0.0.1:${port}${answers[0]?.path ?? "/"}`);
      await response.arrayBuffer();
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop();
  throw new Error(`The bare node:http server did not start on port ${port}:\n${server.output()}`);
}

/** The child process: serves the saved answers, 404 for anything else. */
function serve(file: string, port: number): void {
  const stored = JSON.parse(fs.readFileSync(file, "utf8")) as (Omit<SavedAnswer, "body"> & {
    body: string;
  })[];
  const answers = new Map(
    stored.map((a) => [a.path, { ...a, body: Buffer.from(a.body, "base64") }]),
  );
  http
    .createServer((req, res) => {
      const answer = answers.get(req.url ?? "");
      if (!answer) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(answer.status, answer.headers);
      res.end(req.method === "HEAD" ? undefined : answer.body);
    })
    .listen(port, "127.0.0.1");
  answerEventLoopQuestions();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  serve(process.argv[2] ?? "", Number(process.argv[3]));
}
