import { createContext, type ReactNode, use, useContext } from "react";

// ADR 030, ADR 042: React renders a document in one task, and a long list (200 people on /team) made
// that task the longest the server's thread was held while the page was rendered again. In
// the server's render of a document (app/whole-document.tsx provides `RenderInTurns`), a list
// drawn through <InTurns> renders its first piece in the document's task and each further
// piece a turn of the event loop later (the piece waits with `use`, React comes back to it
// when the turn has passed), so requests that came meanwhile are answered in between. The
// HTML is the same: the document is written whole once every piece is done, and a piece adds
// no element or marker. Elsewhere (the browser, a synchronous renderToString of a tab's HTML)
// every piece renders at once, as a plain list would.

/** True where the render may wait: only the render of a document (app/whole-document.tsx). */
export const RenderInTurns = createContext(false);

/** Items per piece: a few milliseconds of the server's render for the largest cards here. */
const ITEMS_PER_TURN = 25;

/**
 * Renders `render(item, index)` for each item, in pieces of `size` on the server (above).
 * Each rendered item needs its own key, as in a list.
 */
export function InTurns<T>({
  items,
  size = ITEMS_PER_TURN,
  render,
}: {
  items: readonly T[];
  size?: number;
  render: (item: T, index: number) => ReactNode;
}) {
  const pieces: ReactNode[] = [];
  for (let start = 0; start < items.length; start += size) {
    pieces.push(
      <AfterTurns key={start} turns={start / size}>
        {items.slice(start, start + size).map((item, offset) => render(item, start + offset))}
      </AfterTurns>,
    );
  }
  return pieces;
}

function AfterTurns({ turns, children }: { turns: number; children: ReactNode }) {
  // A new promise at each attempt is fine: React keeps the first one it waited for and, when
  // it comes back, reads that one rather than this.
  const mayWait = useContext(RenderInTurns);
  if (turns > 0 && mayWait) use(afterTurns(turns));
  return children;
}

/** Resolves after `turns` turns of the event loop (one setImmediate each). */
function afterTurns(turns: number): Promise<void> {
  return new Promise((resolve) => {
    const step = (left: number) => (left <= 0 ? resolve() : setImmediate(() => step(left - 1)));
    step(turns);
  });
}
