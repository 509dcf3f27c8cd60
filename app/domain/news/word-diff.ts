// A readable word-level difference between two texts (ADR 034: comparing a news item's
// revision with its current text). Pure: a longest common subsequence of words, after the
// common beginning and end are set aside (a typical edit touches a few words of a long text).

export type DiffPart = { kind: "same" | "added" | "removed"; text: string };

/**
 * ADR 034: the table of the LCS grows with the product of the changed parts' lengths; past
 * this many cells the changed middle is shown as removed and added whole (still correct).
 */
const MAX_CELLS = 4_000_000;

/** Words with the spaces after them, so joining the parts gives the texts back exactly. */
function tokens(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function push(parts: DiffPart[], kind: DiffPart["kind"], text: string): void {
  if (text === "") return;
  const last = parts.at(-1);
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/**
 * ADR 034: how `before` becomes `after`, word by word: the parts in order, each the same in
 * both, removed from `before` or added in `after`. Joining the same and removed parts gives
 * `before`; the same and added parts give `after`.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  push(parts, "same", a.slice(0, start).join(""));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) {
    push(parts, "removed", midA.join(""));
    push(parts, "added", midB.join(""));
  } else {
    for (const part of lcsDiff(midA, midB)) push(parts, part.kind, part.text);
  }
  push(parts, "same", a.slice(endA).join(""));
  return parts;
}

function lcsDiff(a: string[], b: string[]): DiffPart[] {
  const n = a.length;
  const m = b.length;
  // lengths[i * (m + 1) + j]: the LCS of a[i..] and b[j..].
  const lengths = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * (m + 1) + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * (m + 1) + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * (m + 1) + j] ?? 0, lengths[i * (m + 1) + j + 1] ?? 0);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push(parts, "same", a[i] ?? "");
      i++;
      j++;
    } else if ((lengths[(i + 1) * (m + 1) + j] ?? 0) >= (lengths[i * (m + 1) + j + 1] ?? 0)) {
      push(parts, "removed", a[i] ?? "");
      i++;
    } else {
      push(parts, "added", b[j] ?? "");
      j++;
    }
  }
  while (i < n) push(parts, "removed", a[i++] ?? "");
  while (j < m) push(parts, "added", b[j++] ?? "");
  return parts;
}
