import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

// A build step for the page-weight checks (rules §11): the browser build's chunks and the
// source modules inside each one, written next to the build. React Router's manifest says
// which files a page loads; this file says what code they hold, so "no Quill, no date-fns
// locale data, no admin code on public pages" is checked on the modules themselves rather
// than guessed from file names. It lives outside build/client, so it is never served.

export const CHUNK_MODULES_FILE = "chunk-modules.json";

export interface ChunkModules {
  /** "/assets/home-AbC123.js" → what that file holds and pulls in. */
  chunks: Record<
    string,
    { modules: string[]; imports: string[]; dynamicImports: string[]; css: string[] }
  >;
}

export function chunkModules(): Plugin {
  return {
    name: "clubsite:chunk-modules",
    apply: "build",
    generateBundle(outputOptions, bundle) {
      if (this.environment.name !== "client") return;
      const root = this.environment.config.root;
      const outDir = outputOptions.dir ?? this.environment.config.build.outDir;
      const url = (fileName: string) => `/${fileName}`;
      const result: ChunkModules = { chunks: {} };
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        result.chunks[url(output.fileName)] = {
          modules: [
            ...new Set(
              output.moduleIds.map((id) =>
                path.relative(root, id.replace(/^\0/, "").split("?")[0] ?? id),
              ),
            ),
          ],
          imports: output.imports.map(url),
          dynamicImports: output.dynamicImports.map(url),
          css: [...(output.viteMetadata?.importedCss ?? [])].map(url),
        };
      }
      fs.mkdirSync(path.dirname(path.resolve(root, outDir)), { recursive: true });
      fs.writeFileSync(
        path.join(path.dirname(path.resolve(root, outDir)), CHUNK_MODULES_FILE),
        `${JSON.stringify(result, null, 1)}\n`,
      );
    },
  };
}
