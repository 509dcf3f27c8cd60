import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
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
  let files = 0;
  let saved = 0;
  for (const name of fs.readdirSync(assetsDir).sort()) {
    if (!PRECOMPRESSED.test(name)) continue;
    const file = path.join(assetsDir, name);
    const content = fs.readFileSync(file);
    const gzipped = await gzipAsync(content, { numiterations: ITERATIONS });
    fs.writeFileSync(`${file}.gz`, gzipped);
    files += 1;
    saved += content.length - gzipped.length;
  }
  return { files, saved };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
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
