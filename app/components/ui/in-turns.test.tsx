import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderWholeDocument } from "../../whole-document.tsx";
import { InTurns } from "./in-turns.tsx";

/** The whole document as app/entry.server.tsx renders it, in turns. */
const render = async (node: ReactNode) =>
  (await renderWholeDocument(node, { timeoutMs: 5_000, onError: () => {} })).html;

const items = Array.from({ length: 7 }, (_, n) => `Player ${n}`);

// The turn of the event loop each item was rendered in (the test below counts the turns).
const clock = { turn: 0, renderedIn: [] as number[] };

function Item({ name }: { name: string }) {
  clock.renderedIn.push(clock.turn);
  return <li>{name}</li>;
}

describe("InTurns (ADR 030)", () => {
  it("renders the same HTML as a plain list", async () => {
    const plain = await render(
      <ul>
        {items.map((item, index) => (
          <li key={item}>
            {index}: {item}
          </li>
        ))}
      </ul>,
    );
    const inTurns = await render(
      <ul>
        <InTurns
          items={items}
          size={3}
          render={(item, index) => (
            <li key={item}>
              {index}: {item}
            </li>
          )}
        />
      </ul>,
    );
    expect(inTurns).toBe(plain);
    expect(plain).toContain("<li>6<!-- -->: <!-- -->Player 6</li>");
  });

  it("renders every piece at once outside a document's render (a tab's renderToString)", () => {
    const html = renderToString(
      <ul>
        <InTurns items={items} size={3} render={(item) => <li key={item}>{item}</li>} />
      </ul>,
    );
    expect(html).toContain("<li>Player 6</li>");
  });

  it("in a document's render, renders each piece a turn after the one before", async () => {
    // The turns, counted by a chain of immediates.
    clock.turn = 0;
    clock.renderedIn = [];
    let counting = true;
    const count = () => {
      clock.turn++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await render(
      <ul>
        <InTurns items={items} size={3} render={(item) => <Item key={item} name={item} />} />
      </ul>,
    );
    counting = false;
    const { renderedIn } = clock;
    const [first = 0, , , second = 0, , , third = 0] = renderedIn;
    expect(renderedIn).toHaveLength(items.length);
    // Pieces of 3, 3 and 1: each in a later turn than the piece before, its items together.
    expect(renderedIn.slice(0, 3)).toEqual([first, first, first]);
    expect(second).toBeGreaterThan(first);
    expect(renderedIn.slice(3, 6)).toEqual([second, second, second]);
    expect(third).toBeGreaterThan(second);
  });
});
