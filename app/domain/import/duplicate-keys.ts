// ADR 009, ADR 024: JSON.parse keeps the last of two equal keys in one object and drops the
// earlier silently: an export with "news" twice would import only the second part, and say
// nothing of the first. The file is refused instead, naming the key. Checked on text that
// JSON.parse has already read (so it is valid JSON), in one pass without building anything
// but the keys of the objects near the top: the collections, their documents' ids and the
// documents' fields (deeper objects are skipped by depth).

/** How deep objects are checked: the top (1), the collections (2), the documents (3). */
const CHECKED_DEPTH = 3;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

interface Frame {
  /** The keys seen so far, for an object at a checked depth. */
  keys: Set<string> | null;
  isObject: boolean;
  /** Where it is, in words: `"news"` → `"news" › "a1"`. */
  path: string[];
  /** The key read last in this object (the next value's name). */
  key: string | undefined;
}

/**
 * The message for a file whose objects (down to the documents) have a key twice, or null.
 * `text` must be valid JSON.
 */
export function duplicateKeyMessage(text: string): string | null {
  const stack: Frame[] = [];
  let expectKey = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      const start = index;
      index = endOfString(text, index);
      const frame = stack[stack.length - 1];
      if (expectKey && frame) {
        expectKey = false;
        if (frame.keys) {
          const raw = text.slice(start + 1, index);
          const key = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
          if (frame.keys.has(key)) return messageFor(key, frame.path);
          frame.keys.add(key);
          frame.key = key;
        }
      }
      continue;
    }
    if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      const parent = stack[stack.length - 1];
      const isObject = code === OPEN_OBJECT;
      const depth = stack.length + 1;
      const path = parent
        ? parent.isObject && parent.key !== undefined
          ? [...parent.path, parent.key]
          : parent.path
        : [];
      stack.push({
        keys: isObject && depth <= CHECKED_DEPTH ? new Set() : null,
        isObject,
        path: depth <= CHECKED_DEPTH ? path : [],
        key: undefined,
      });
      expectKey = isObject;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      stack.pop();
      expectKey = false;
    } else if (code === COMMA) {
      expectKey = stack[stack.length - 1]?.isObject ?? false;
    } else if (code === COLON) {
      expectKey = false;
    }
  }
  return null;
}

/** The index of the quote that ends the string starting at `start` (indexOf: fast on long text). */
function endOfString(text: string, start: number): number {
  let end = start + 1;
  for (;;) {
    end = text.indexOf('"', end);
    if (end === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
    end++;
  }
}

function messageFor(key: string, path: string[]): string {
  const where =
    path.length === 0 ? "at the top of the file" : `in ${path.map((k) => `"${k}"`).join(" › ")}`;
  return (
    `The file has the key "${key}" twice ${where}: only the last would be read and the ` +
    "earlier one lost, so nothing was imported. Keep one of them (or merge them) and try again."
  );
}
