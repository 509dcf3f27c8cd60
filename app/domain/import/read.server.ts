import { Worker } from "node:worker_threads";
import {
  COLLECTIONS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_DEPTH,
  IMPORT_MAX_DOCUMENTS,
  IMPORT_MAX_VALUES,
  type Prepared,
  type ReadLimit,
  readExportShape,
  readLimitMessage,
  tooLargeMessage,
} from "./rules.ts";

// ADR 025: an export file is read away from the event loop. A worker thread checks the
// limits (nesting, values, documents) in one pass over the bytes, parses the JSON, and sends
// back only the file's outline, each document as its own JSON text; this thread then reads
// the documents one by one, letting other requests in every few milliseconds. A parse that
// needs more memory than the worker may use ends the worker, not the server.

/** The worker's heap (MB): twice the largest file's text, and room to parse it. */
const IMPORT_WORKER_HEAP_MB = 1_536;

/** How long this thread works before it lets other requests in (ms). */
const SLICE_MS = 10;

/** Lets the event loop serve what has arrived (a health check, a kept page). */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * ADR 033: the nice value of an import's worker thread. On Linux each thread has a priority of
 * its own: on a server with one core (or part of one) the worker and the thread that answers
 * requests would share the CPU evenly, and every answer would wait twice as long while a file
 * is read; at 10 the request thread gets about nine tenths of a contended core.
 */
export const IMPORT_WORKER_NICE = 10;

/**
 * Runs first in each worker, as the text of this function: lowers its own thread's priority
 * (Linux: its thread id from /proc/thread-self). Elsewhere it leaves the priority as it is.
 */
export function backgroundPriority(nice: number): void {
  try {
    const fs = process.getBuiltinModule("node:fs");
    const os = process.getBuiltinModule("node:os");
    const threadId = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    if (threadId > 0) os.setPriority(threadId, nice);
  } catch {
    // Not Linux, or not allowed: the worker runs at the process's priority.
  }
}

type WorkerAnswer =
  | { ok: false; limit: ReadLimit }
  | { ok: false; json: string }
  | { ok: true; outline: unknown; texts: Uint8Array; ends: Float64Array };

// Runs in the worker, as the text of this function: it may use nothing from outside it.
function readInWorker() {
  // Not `require` nor `import`: a bundler may rewrite those, not this.
  const { parentPort, workerData } = process.getBuiltinModule("node:worker_threads");
  const { bytes, maxDepth, maxValues, maxDocuments, collections } = workerData as {
    bytes: Uint8Array;
    maxDepth: number;
    maxValues: number;
    maxDocuments: number;
    collections: string[];
  };
  const answer = (value: unknown) => parentPort?.postMessage(value);
  // One pass over the bytes, outside strings: how deep, and how many values.
  let depth = 0;
  let values = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i] as number;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 92) escaped = true;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      values++;
      if (depth > maxDepth) return answer({ ok: false, limit: { kind: "depth", at: i } });
    } else if (c === 125 || c === 93) depth--;
    else if (c === 44) values++;
    if (values > maxValues) return answer({ ok: false, limit: { kind: "values" } });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ""));
  } catch (error) {
    return answer({ ok: false, json: error instanceof Error ? error.message : String(error) });
  }
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === "object" && value !== null && !Array.isArray(value);
  // What the outline keeps of a value that is not read: its kind only.
  const kindOnly = (value: unknown) =>
    Array.isArray(value) ? [] : isRecord(value) ? {} : typeof value === "string" ? "" : value;
  // Each document becomes its JSON text, all of them in one buffer that moves to the other
  // thread without a copy; the outline names each document's place in it.
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const outlineOf = (node: Record<string, unknown>, top: boolean) => {
    const outline: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (top && key === "__collections__" && isRecord(value)) {
        outline[key] = outlineOf(value, false);
      } else if (collections.includes(key) && isRecord(value)) {
        const places: Record<string, number> = {};
        for (const [id, document] of Object.entries(value)) {
          places[id] = parts.length;
          parts.push(encoder.encode(JSON.stringify(document) ?? "null"));
        }
        outline[key] = places;
      } else outline[key] = kindOnly(value);
    }
    return outline;
  };
  const send = (outline: unknown) => {
    const ends = new Float64Array(parts.length);
    let total = 0;
    parts.forEach((part, index) => {
      total += part.length;
      ends[index] = total;
    });
    const texts = new Uint8Array(total);
    parts.forEach((part, index) => {
      texts.set(part, (ends[index] as number) - part.length);
    });
    parentPort?.postMessage({ ok: true, outline, texts, ends }, [texts.buffer, ends.buffer]);
  };
  if (!isRecord(parsed)) return send(kindOnly(parsed));
  // Counted before the documents are written out as texts.
  const root = isRecord(parsed.__collections__) ? parsed.__collections__ : parsed;
  let documents = 0;
  for (const name of collections) {
    const value = root[name];
    if (isRecord(value)) documents += Object.keys(value).length;
  }
  if (documents > maxDocuments) {
    return answer({ ok: false, limit: { kind: "documents", count: documents } });
  }
  send(outlineOf(parsed, true));
}

// Runs in the worker, as the text of this function: the import's multipart form, parsed
// there (a 200 MB body took this thread for seconds), its file sent back without a copy.
function formInWorker() {
  const { parentPort, workerData } = process.getBuiltinModule("node:worker_threads");
  const { chunks, contentType } = workerData as {
    chunks: Uint8Array<ArrayBuffer>[];
    contentType: string;
  };
  new Response(new Blob(chunks), { headers: { "content-type": contentType } }).formData().then(
    async (form) => {
      const intent = form.get("intent");
      const file = form.get("file");
      const fields = { ok: true, intent: typeof intent === "string" ? intent : null };
      if (!(file instanceof File)) return parentPort?.postMessage({ ...fields, file: null });
      const bytes = new Uint8Array(await file.arrayBuffer());
      parentPort?.postMessage({ ...fields, file: { name: file.name, size: file.size, bytes } }, [
        bytes.buffer,
      ]);
    },
    () => parentPort?.postMessage({ ok: false }),
  );
}

/** The bytes as an array that may move to a worker (its own buffer), copied if need be. */
function movable(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const own =
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer;
  return (own ? bytes : new Uint8Array(bytes)) as Uint8Array<ArrayBuffer>;
}

/** Runs a self-contained function in a worker thread; its first message is the answer. */
function inWorker<T>({
  work,
  data,
  transfer,
  outOfMemory,
}: {
  work: () => void;
  data: unknown;
  transfer: ArrayBuffer[];
  outOfMemory: T;
}): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(
      `(${backgroundPriority.toString()})(${IMPORT_WORKER_NICE});(${work.toString()})()`,
      {
        eval: true,
        workerData: data,
        transferList: transfer,
        resourceLimits: { maxOldGenerationSizeMb: IMPORT_WORKER_HEAP_MB },
      },
    );
    let answered = false;
    worker.once("message", (message: T) => {
      answered = true;
      resolve(message);
      void worker.terminate();
    });
    worker.once("error", (error: Error & { code?: string }) => {
      answered = true;
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") resolve(outOfMemory);
      else reject(error);
    });
    worker.once("exit", (code) => {
      if (!answered) reject(new Error(`The import's reader stopped (exit code ${code}).`));
    });
  });
}

function readInThread(bytes: Uint8Array): Promise<WorkerAnswer> {
  // The file's bytes move to the worker when they are a buffer of their own; else a copy.
  const sent = movable(bytes);
  return inWorker<WorkerAnswer>({
    work: readInWorker,
    data: {
      bytes: sent,
      maxDepth: IMPORT_MAX_DEPTH,
      maxValues: IMPORT_MAX_VALUES,
      maxDocuments: IMPORT_MAX_DOCUMENTS,
      collections: [...COLLECTIONS],
    },
    transfer: [sent.buffer],
    outOfMemory: { ok: false, limit: { kind: "memory" } },
  });
}

/** The Import screen's form: the button pressed and the file, or null when unreadable. */
export interface ImportForm {
  intent: string | null;
  file: { name: string; size: number; bytes: Uint8Array } | null;
}

/**
 * ADR 025, ADR 046: a request's body as the chunks it arrived in, each copied into a buffer of
 * its own as it comes, so that they can move to a worker. Joining 14 MB of chunks here took
 * this thread for 30-47 ms at once; the worker joins them. Chunks that arrive faster than they
 * are read (a 47 MB upload on loopback) are taken a slice of time at a time: the stream then
 * holds the socket back meanwhile.
 */
export async function bodyChunks(
  body: ReadableStream<Uint8Array> | null,
): Promise<Uint8Array<ArrayBuffer>[]> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  if (!body) return chunks;
  let slice = performance.now();
  for await (const chunk of body) {
    chunks.push(new Uint8Array(chunk));
    if (performance.now() - slice > SLICE_MS) {
      await yieldToEventLoop();
      slice = performance.now();
    }
  }
  return chunks;
}

/** ADR 025: parses the Import screen's multipart body (its chunks) in a worker thread. */
export async function readImportForm({
  chunks,
  contentType,
}: {
  chunks: Uint8Array<ArrayBuffer>[];
  contentType: string;
}): Promise<ImportForm | null> {
  const answer = await inWorker<({ ok: true } & ImportForm) | { ok: false }>({
    work: formInWorker,
    data: { chunks, contentType },
    transfer: chunks.map((chunk) => chunk.buffer),
    outOfMemory: { ok: false },
  });
  return answer.ok ? { intent: answer.intent, file: answer.file } : null;
}

/**
 * ADR 009, ADR 025: the file as an export, or a message naming what is wrong (too large,
 * over a limit, not JSON, not an export of this shape), read off the event loop. The bytes
 * move to the worker when they fill a buffer of their own: the caller's array is then empty.
 */
export async function readExport(bytes: Uint8Array): Promise<Prepared> {
  if (bytes.byteLength > IMPORT_MAX_BYTES) {
    return { ok: false, message: tooLargeMessage(bytes.byteLength) };
  }
  const answer = await readInThread(bytes);
  if (!answer.ok) {
    if ("limit" in answer) return { ok: false, message: readLimitMessage(answer.limit) };
    return {
      ok: false,
      message: `The file is not JSON (${answer.json}). Export the old site's database to a .json file and try again.`,
    };
  }
  // The outline (a key for each document) arrived in one turn: the next ones let others in.
  await yieldToEventLoop();
  const prepared = readExportShape(answer.outline);
  if (!prepared.ok) return prepared;
  await yieldToEventLoop();
  // Each document's own text, parsed a slice at a time.
  const { texts, ends } = answer;
  const decoder = new TextDecoder();
  let slice = performance.now();
  for (const collection of COLLECTIONS) {
    for (const document of prepared.export.collections[collection]) {
      const place = document.data as number;
      const text = texts.subarray(place === 0 ? 0 : ends[place - 1], ends[place]);
      document.data = JSON.parse(decoder.decode(text));
      if (performance.now() - slice > SLICE_MS) {
        await yieldToEventLoop();
        slice = performance.now();
      }
    }
  }
  return prepared;
}
