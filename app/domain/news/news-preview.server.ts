import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { db } from "../../db/database.server.ts";
import { newsPreviewLinks } from "../../db/schema.ts";
import { hashToken, isTokenShaped, newToken } from "../auth/one-time-token.server.ts";
import { newsIdSchema } from "./news.schema.ts";
import { type AdminNewsItem, getAdminNews } from "./news.server.ts";
import { PREVIEW_LINK_DAYS } from "./workflow.ts";

// Preview links of an unpublished news item (ADR 034): someone without an account reads the
// item as it will look. The link holds 32 random bytes; the table only their SHA-256 (the
// house style of one-time links, ADR 014), so a leaked table opens nothing. A link works for
// PREVIEW_LINK_DAYS days, any number of times, until withdrawn.

const DAY_MS = 24 * 60 * 60 * 1000;

/** A live link as Manage News lists it: its hash names it (the token is shown once only). */
export interface PreviewLinkSummary {
  id: string;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
}

/** ADR 034: a new preview link of an item; the token goes into the address, once. */
export async function createPreviewLink({
  newsId,
  createdBy,
  now = new Date(),
}: {
  newsId: string;
  createdBy: string;
  now?: Date;
}): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_DAYS * DAY_MS);
  await db()
    .insert(newsPreviewLinks)
    .values({ tokenHash: hash, newsId, createdBy, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** ADR 034: an item's links that still work, newest first. */
export async function listPreviewLinks({
  newsId,
  now = new Date(),
}: {
  newsId: string;
  now?: Date;
}): Promise<PreviewLinkSummary[]> {
  if (!newsIdSchema.safeParse(newsId).success) return [];
  return db()
    .select({
      id: newsPreviewLinks.tokenHash,
      createdBy: newsPreviewLinks.createdBy,
      createdAt: newsPreviewLinks.createdAt,
      expiresAt: newsPreviewLinks.expiresAt,
    })
    .from(newsPreviewLinks)
    .where(
      and(
        eq(newsPreviewLinks.newsId, newsId),
        isNull(newsPreviewLinks.withdrawnAt),
        gt(newsPreviewLinks.expiresAt, now),
      ),
    )
    .orderBy(desc(newsPreviewLinks.createdAt));
}

/** ADR 034: withdraws one of an item's links at once; false when there was no such link. */
export async function withdrawPreviewLink({
  newsId,
  id,
  now = new Date(),
}: {
  newsId: string;
  /** The link's hash, as listPreviewLinks names it. */
  id: string;
  now?: Date;
}): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(id) || !newsIdSchema.safeParse(newsId).success) return false;
  const rows = await db()
    .update(newsPreviewLinks)
    .set({ withdrawnAt: now })
    .where(
      and(
        eq(newsPreviewLinks.tokenHash, id),
        eq(newsPreviewLinks.newsId, newsId),
        isNull(newsPreviewLinks.withdrawnAt),
      ),
    )
    .returning({ id: newsPreviewLinks.tokenHash });
  return rows.length > 0;
}

/**
 * ADR 034: the item a preview link shows, in whatever state it is; null for a token that is
 * unknown, withdrawn or expired (the page says so and answers 404).
 */
export async function newsByPreviewToken({
  token,
  now = new Date(),
}: {
  token: string;
  now?: Date;
}): Promise<AdminNewsItem | null> {
  if (!isTokenShaped(token)) return null;
  const [link] = await db()
    .select({ newsId: newsPreviewLinks.newsId })
    .from(newsPreviewLinks)
    .where(
      and(
        eq(newsPreviewLinks.tokenHash, hashToken(token)),
        isNull(newsPreviewLinks.withdrawnAt),
        gt(newsPreviewLinks.expiresAt, now),
      ),
    );
  return link ? getAdminNews({ id: link.newsId }) : null;
}
