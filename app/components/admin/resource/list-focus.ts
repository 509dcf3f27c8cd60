import { useEffect, useRef } from "react";

// ADR 039: the rows of a repeating group in a form (scorers, phone contacts, governing bodies,
// videos) are added and removed with their own buttons (Conform's list intents). The button
// pressed leaves the page with a removed row, and a new row is where the next typing goes, so
// the keyboard moves: after "Add", to the new row's first field; after "Remove", to the first
// field of the row now in its place (or of the row before it), else to `fallbackId`.

const FIRST_FIELD =
  "input:not([type=hidden]):not([type=file]):not([disabled]), select:not([disabled]), textarea:not([disabled])";

export function useListFocus({
  listId,
  count,
  fallbackId,
}: {
  /** The list element (`ol`/`ul`) whose `li` children are the rows. */
  listId: string;
  /** How many rows there are now: focus moves once it has changed. */
  count: number;
  /** Where focus goes when no row is left (the Add button, the group's heading). */
  fallbackId?: string;
}): { added: () => void; removed: (index: number) => void } {
  const pending = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: count marks a row added or removed
  useEffect(() => {
    const index = pending.current;
    if (index === null) return;
    pending.current = null;
    const rows = document.getElementById(listId)?.querySelectorAll(":scope > li") ?? [];
    const row = rows[Math.min(index, rows.length - 1)];
    const field = row?.querySelector<HTMLElement>(FIRST_FIELD);
    if (field) field.focus();
    else if (fallbackId) document.getElementById(fallbackId)?.focus();
  }, [count, listId, fallbackId]);
  return {
    added: () => {
      pending.current = count;
    },
    removed: (index: number) => {
      pending.current = index;
    },
  };
}
