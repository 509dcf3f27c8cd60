import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { RenderInTurns } from "./components/ui/in-turns.tsx";

// How app/entry.server.tsx renders a document: whole, before anything is sent (ADR 007), in
// short tasks (ADR 030, ADR 042). Kept apart from the entry so that its tests can render any
// element the same way.

/**
 * Renders `node` to its whole HTML. Long lists drawn with <InTurns> render a piece per turn of
 * the event loop (`RenderInTurns`), and the finished document is written out a turn after
 * React's last piece: writing it is about a quarter of React's time on a large page, and
 * requests that came during the render are answered in between. `failed` says whether a
 * part of the page failed (reported to `onError`); the render is abandoned after `timeoutMs`.
 */
export function renderWholeDocument(
  node: ReactNode,
  { timeoutMs, onError }: { timeoutMs: number; onError: (error: unknown) => void },
): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        resolve({ html: Buffer.concat(chunks).toString("utf8"), failed });
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <RenderInTurns.Provider value={true}>{node}</RenderInTurns.Provider>,
      {
        // A <Suspense> boundary's content stays in place in the HTML however large it is:
        // React would otherwise send one over 12.8 KB (the match centre's tabs) after the
        // page, with a script to move it in, and a page without JavaScript would show its
        // fallback. The document is sent whole anyway.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          setImmediate(() => pipe(sink));
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          onError(error);
        },
      },
    );
    const timeout = setTimeout(() => abort(), timeoutMs);
  });
}
