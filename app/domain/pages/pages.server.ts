import { eq } from "drizzle-orm";
import { club } from "../../config/club.ts";
import { db } from "../../db/database.server.ts";
import { pageTexts } from "../../db/schema.ts";
import { lastKnownClub } from "../club/club.server.ts";
import { sanitizePageHtml } from "../team/bio.server.ts";
import { pageTextDefault } from "./defaults.ts";
import { LEGAL_DEFAULT_UPDATED, PAGE_TEXT_KEYS, PAGE_TEXTS, type PageTextKey } from "./rules.ts";

// The club's page texts. Stored sanitised; sanitised again when
// read (like the bio, ADR 003). Public pages read them through the page cache, which every
// admin save empties (ADR 007), so a change shows on the next anonymous request.

export interface PageText {
  id: string;
  key: PageTextKey;
  html: string;
  updatedAt: Date;
  /** When someone last saved it; null while it is the default text nobody saved (ADR 039). */
  savedAt: Date | null;
}

const defaultRow = (key: PageTextKey) => ({
  key,
  // The club's name, e-mail and address as Club details has them now (ADR 013); the About
  // texts from config/club.ts (an empty database's defaults).
  html: sanitizePageHtml(pageTextDefault(key, { ...lastKnownClub().details, about: club.about })),
  // The bundled legal texts keep their date until the club saves its own (rules §2).
  updatedAt: PAGE_TEXTS[key].legal ? LEGAL_DEFAULT_UPDATED : new Date(),
});

/** A text's default, for a page that must render when the database cannot answer (rules §8). */
export function defaultPageHtml(key: PageTextKey): string {
  return defaultRow(key).html;
}

const isKey = (key: string): key is PageTextKey => key in PAGE_TEXTS;

function toPageText(row: typeof pageTexts.$inferSelect): PageText | null {
  if (!isKey(row.key)) return null;
  return {
    id: row.id,
    key: row.key,
    html: sanitizePageHtml(row.html),
    updatedAt: row.updatedAt,
    savedAt: row.savedAt,
  };
}

/** Writes the default of every text that has no row yet (an empty database); keeps the rest. */
export async function ensurePageTexts(): Promise<void> {
  await db()
    .insert(pageTexts)
    .values(PAGE_TEXT_KEYS.map(defaultRow))
    .onConflictDoNothing({ target: pageTexts.key });
}

/** Every text, in the admin's order (the defaults written first when missing). */
export async function listPageTexts(): Promise<PageText[]> {
  await ensurePageTexts();
  const rows = (await db().select().from(pageTexts)).flatMap((row) => toPageText(row) ?? []);
  return PAGE_TEXT_KEYS.flatMap((key) => rows.find((row) => row.key === key) ?? []);
}

export async function getPageTextById({ id }: { id: string }): Promise<PageText | null> {
  const [row] = await db().select().from(pageTexts).where(eq(pageTexts.id, id));
  return row ? toPageText(row) : null;
}

/**
 * The texts a public page shows, by key: the club's, or the default while none is stored
 * (a public page never writes).
 */
export async function readPageTexts<K extends PageTextKey>(
  keys: readonly K[],
): Promise<Record<K, { html: string; updatedAt: Date }>> {
  const rows = await db().select().from(pageTexts);
  return Object.fromEntries(
    keys.map((key) => {
      const row = rows.find((candidate) => candidate.key === key);
      const fallback = defaultRow(key);
      return [
        key,
        row
          ? { html: sanitizePageHtml(row.html), updatedAt: row.updatedAt }
          : { html: fallback.html, updatedAt: fallback.updatedAt },
      ];
    }),
  ) as Record<K, { html: string; updatedAt: Date }>;
}

/**
 * Saves a text (sanitised); 'Last updated' becomes now, and it is no longer the default text
 * (`savedAt`). Null when the text is gone.
 */
export async function updatePageText({
  id,
  html,
}: {
  id: string;
  html: string;
}): Promise<{ id: string } | null> {
  const [row] = await db()
    .update(pageTexts)
    .set({ html: sanitizePageHtml(html), updatedAt: new Date(), savedAt: new Date() })
    .where(eq(pageTexts.id, id))
    .returning({ id: pageTexts.id });
  return row ?? null;
}

/** Preview: the text as it would be stored and shown (sanitised), without saving anything. */
export function previewPageHtml(html: string): string {
  return sanitizePageHtml(html);
}
