import { describe, expect, it } from "vitest";
import { duplicateKeyMessage } from "./duplicate-keys.ts";
import { prepareExport } from "./rules.ts";

// ADR 009, ADR 024: a key twice in one object would silently drop the earlier part.

describe("duplicate keys in an import file", () => {
  it("names a collection given twice at the top, and the file is refused", () => {
    const text =
      '{"news": {"a": {"title": "First"}}, "team": {}, "news": {"b": {"title": "Second"}}}';
    expect(duplicateKeyMessage(text)).toBe(
      'The file has the key "news" twice at the top of the file: only the last would be read and the earlier one lost, so nothing was imported. Keep one of them (or merge them) and try again.',
    );
    const prepared = prepareExport(text);
    expect(prepared.ok).toBe(false);
    if (!prepared.ok) expect(prepared.message).toContain('the key "news" twice at the top');
  });

  it("names a document id twice in a collection, and a field twice in a document", () => {
    expect(duplicateKeyMessage('{"__collections__": {"news": {"a": {}, "a": {}}}}')).toContain(
      'the key "a" twice in "__collections__" › "news"',
    );
    expect(duplicateKeyMessage('{"news": {"a": {"title": "x", "title": "y"}}}')).toContain(
      'the key "title" twice in "news" › "a"',
    );
    // Escapes are read as JSON reads them: "n\u0065ws" is "news".
    expect(duplicateKeyMessage('{"news": {}, "n\\u0065ws": {}}')).toContain('"news" twice');
  });

  it("accepts equal keys in different objects, in strings, and deeper than the documents", () => {
    const text = JSON.stringify({
      news: { a: { title: "news", tags: ["news"] }, b: { title: '"news": {' } },
      team: { a: { title: "a" } },
      fixtures: { f: { scorers: [{ name: "x" }, { name: "y" }] } },
    });
    expect(duplicateKeyMessage(text)).toBeNull();
    // Deeper than a document's fields, objects are not checked (the import reads them whole).
    expect(duplicateKeyMessage('{"news": {"a": {"meta": {"x": 1, "x": 2}}}}')).toBeNull();
    expect(duplicateKeyMessage("[]")).toBeNull();
    expect(prepareExport(text).ok).toBe(true);
  });
});
