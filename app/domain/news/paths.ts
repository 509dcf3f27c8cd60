// A news item's public addresses (ADR 034): pure, and free of the database schema, so the
// public pages that link items load nothing more for them (ADR 008).

/** ADR 034: a slug's longest length, before any number that makes it unique. */
const SLUG_MAX = 80;

/**
 * ADR 034: a news item's readable address from its title: lower case, letters and digits of
 * any accent written plainly, words joined by '-'; 'news' when nothing is left.
 */
export function newsSlugOf(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, "");
  return base || "news";
}

/**
 * ADR 034: the first of 'cup-draw', 'cup-draw-2', 'cup-draw-3'… that is not `taken`.
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** ADR 034: a slug is lower-case letters, digits and single dashes; anything else is not one. */
export const isSlugShaped = (value: string): boolean => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value);

/** ADR 034: an item's public address: its slug, or its id while it has none (older imports). */
export function newsPath(item: { id: string; slug?: string | null }): string {
  return `/news/${item.slug ?? item.id}`;
}

/** ADR 034: the preview link address of a token. */
export const previewLinkPath = (token: string) => `/news/preview/${token}`;
