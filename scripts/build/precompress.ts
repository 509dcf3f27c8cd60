import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { gzipAsync } from "@gfx/zopfli";

// The last step of `npm run build` (ADR 008): every script and stylesheet in
// build/client/assets gets a gzip copy beside it (`name.js.gz`), made once with Zopfli, which
// writes ordinary gzip (every browser reads it) about 3.5 % smaller than zlib's best. The
// server sends that copy to browsers that accept gzip (server/precompressed.ts), so the bytes
// a visitor downloads are these; without the copies it compresses on the fly as before.

/** Zopfli's passes per block: 15 is its default; more gains almost nothing here. */
const ITERATIONS = 15;
/** Which assets get a copy: the text ones (fonts and images are compressed already). */
export const PRECOMPRESSED = /\.(js|css)$/;

export async function precompressAssets(
  assetsDir: string,
): Promise<{ files: number; saved: number }> {
  const names = fs
    .readdirSync(assetsDir)
    .filter((name) => PRECOMPRESSED.test(name))
    .sort();
  // Zopfli takes about 10 CPU-seconds for the whole build, one file at a time: the files are
  // shared out over one worker thread per core (the biggest first, each to the least loaded),
  // which writes the same bytes in a fraction of the time.
  const threads = Math.max(1, Math.min(os.availableParallelism(), names.length));
  const shares: { files: string[]; bytes: number }[] = Array.from({ length: threads }, () => ({
    files: [],
    bytes: 0,
  }));
  const sized = names
    .map((name) => ({
      file: path.join(assetsDir, name),
      bytes: fs.statSync(path.join(assetsDir, name)).size,
    }))
    .sort((a, b) => b.bytes - a.bytes);
  for (const { file, bytes } of sized) {
    const share = shares.reduce((least, next) => (next.bytes < least.bytes ? next : least));
    share.files.push(file);
    share.bytes += bytes;
  }
  const results = await Promise.all(
    shares
      .filter((share) => share.files.length > 0)
      .map(
        (share) =>
          new Promise<{ files: number; saved: number }>((resolve, reject) => {
            const worker = new Worker(new URL(import.meta.url), {
              workerData: { precompressFiles: share.files },
            });
            worker.once("message", resolve);
            worker.once("error", reject);
            worker.once("exit", (code) => {
              if (code !== 0) reject(new Error(`precompress: a worker stopped with exit ${code}`));
            });
          }),
      ),
  );
  return results.reduce(
    (total, one) => ({ files: total.files + one.files, saved: total.saved + one.saved }),
    { files: 0, saved: 0 },
  );
}

/** Writes `file.gz` beside each file; returns how many and the bytes saved. */
async function compressFiles(files: string[]): Promise<{ files: number; saved: number }> {
  let saved = 0;
  for (const file of files) {
    const content = fs.readFileSync(file);
    const gzipped = await gzipAsync(content, { numiterations: ITERATIONS });
    fs.writeFileSync(`${file}.gz`, gzipped);
    saved += content.length - gzipped.length;
  }
  return { files: files.length, saved };
}

// A worker this module started (not any other thread that happens to import it).
const files = (workerData as { precompressFiles?: string[] } | null)?.precompressFiles;
if (!isMainThread && files) {
  parentPort?.postMessage(await compressFiles(files));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const assetsDir = fileURLToPath(new URL("../../build/client/assets", import.meta.url));
  if (!fs.existsSync(assetsDir)) {
    console.error("build/client/assets is missing: run `react-router build` first.");
    process.exit(1);
  }
  const started = performance.now();
  const { files } = await precompressAssets(assetsDir);
  console.log(
    `precompressed: ${files} scripts and stylesheets with Zopfli in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
