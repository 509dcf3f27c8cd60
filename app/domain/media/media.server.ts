import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import sharp, { type OutputInfo } from "sharp";
import { db } from "../../db/database.server.ts";
import {
  clubSettings,
  leagueTable,
  media,
  mediaVariants,
  news,
  sponsors,
  teamMembers,
} from "../../db/schema.ts";
import {
  isUnsafeSvg,
  MEDIA_MESSAGES,
  type MediaKind,
  type MediaRef,
  mediaRefUrl,
  sizeProblem,
  sniffFormat,
  VARIANT_CONTENT_TYPES,
  type VariantFormat,
  variantWidths,
} from "./rules.ts";

// Uploaded photos and logos (decisions 23, ADR 017): checked by their bytes, turned upright,
// stripped of every piece of metadata (sharp writes none unless asked), and stored as
// variants in the database so every server process serves every upload. This module is the
// storage interface: object storage later replaces the two tables, not the callers.

/** Pixels a decoded upload may have: a 50-megapixel phone photo, not a decompression bomb. */
const MAX_INPUT_PIXELS = 60_000_000;
/** SVG logos are drawn at this density (4× the 72 dpi default) before they are scaled down. */
const SVG_DENSITY = 288;

export type StoredMedia = MediaRef & { id: string; url: string; kind: MediaKind };

export type UploadOutcome = { ok: true; media: StoredMedia } | { ok: false; message: string };

interface Decoded {
  data: Buffer;
  info: OutputInfo;
  hasAlpha: boolean;
}

/** Decodes the whole image once (upright, at most 1920 px wide); throws on damaged data. */
async function decode(bytes: Uint8Array, svg: boolean): Promise<Decoded> {
  const image = sharp(bytes, {
    // A truncated or corrupt file is refused, not half-drawn.
    failOn: "truncated",
    limitInputPixels: MAX_INPUT_PIXELS,
    // GIF, WebP: the first frame only.
    pages: 1,
    ...(svg ? { density: SVG_DENSITY } : {}),
  });
  const metadata = await image.metadata();
  const { data, info } = await image
    .autoOrient()
    .resize({ width: 1920, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info, hasAlpha: Boolean(metadata.hasAlpha) };
}

async function encode({
  decoded,
  width,
  format,
}: {
  decoded: Decoded;
  width: number;
  format: VariantFormat;
}): Promise<{ bytes: Buffer; width: number; height: number }> {
  const { info, data } = decoded;
  let image = sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  });
  if (width < info.width) image = image.resize({ width });
  const output =
    format === "avif"
      ? image.avif({ quality: 55, effort: 2 })
      : format === "webp"
        ? image.webp({ quality: 78 })
        : format === "png"
          ? image.png({ compressionLevel: 9, palette: true })
          : image.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true });
  const { data: bytes, info: out } = await output.toBuffer({ resolveWithObject: true });
  return { bytes, width: out.width, height: out.height };
}

const hashOf = (bytes: Uint8Array, kind: MediaKind) =>
  createHash("sha256").update(kind).update(bytes).digest("hex").slice(0, 24);

function toStored(row: typeof media.$inferSelect): StoredMedia {
  const ref: MediaRef = {
    hash: row.hash,
    width: row.width,
    height: row.height,
    fallback: row.fallback,
  };
  return { ...ref, id: row.id, kind: row.kind, url: mediaRefUrl(ref) };
}

/**
 * Checks, processes and stores one upload. A refusal (too large, not an image, damaged, an
 * SVG photo or an SVG logo with active content) stores nothing and says why, for the field.
 * The same file uploaded again is the same upload.
 */
export async function storeUpload({
  bytes,
  kind,
  fileName = "",
}: {
  bytes: Uint8Array;
  kind: MediaKind;
  fileName?: string;
}): Promise<UploadOutcome> {
  const tooLarge = sizeProblem(bytes.byteLength);
  if (tooLarge) return { ok: false, message: tooLarge };
  const format = sniffFormat(bytes);
  const notAccepted = kind === "logo" ? MEDIA_MESSAGES.notLogo : MEDIA_MESSAGES.notPhoto;
  if (!format) return { ok: false, message: notAccepted };
  if (format === "svg") {
    if (kind !== "logo") return { ok: false, message: notAccepted };
    if (isUnsafeSvg(new TextDecoder().decode(bytes))) {
      return { ok: false, message: MEDIA_MESSAGES.svgUnsafe };
    }
  }
  const hash = hashOf(bytes, kind);
  const [existing] = await db().select().from(media).where(eq(media.hash, hash));
  if (existing) return { ok: true, media: toStored(existing) };

  let decoded: Decoded;
  try {
    decoded = await decode(bytes, format === "svg");
  } catch {
    return { ok: false, message: MEDIA_MESSAGES.damaged };
  }
  const fallback: "png" | "jpeg" = decoded.hasAlpha ? "png" : "jpeg";
  const widths = variantWidths(decoded.info.width);
  const largest = decoded.info.width;
  // The Open Graph image (1200 px) is one more fallback width for wide uploads.
  const fallbackWidths = largest > 1200 ? [...new Set([...widths, 1200])] : widths;
  const jobs: { width: number; format: VariantFormat }[] = [
    ...widths.flatMap((width) => (["avif", "webp"] as const).map((format) => ({ width, format }))),
    ...fallbackWidths.map((width) => ({ width, format: fallback })),
  ];
  const variants: { width: number; height: number; format: VariantFormat; bytes: Buffer }[] = [];
  // One at a time: AVIF encoding is heavy and the machine serves pages meanwhile.
  for (const job of jobs) {
    const encoded = await encode({ decoded, ...job });
    variants.push({ ...job, ...encoded });
  }
  const top = variants.find((variant) => variant.width === largest && variant.format === fallback);
  const storedBytes = variants.reduce((sum, variant) => sum + variant.bytes.byteLength, 0);
  const row = await db().transaction(async (tx) => {
    const [inserted] = await tx
      .insert(media)
      .values({
        hash,
        kind,
        sourceFormat: format,
        fileName: fileName.slice(0, 200),
        width: largest,
        height: top?.height ?? decoded.info.height,
        fallback,
        storedBytes,
      })
      .onConflictDoNothing({ target: media.hash })
      .returning();
    // Another request stored the same file meanwhile: that one is the upload.
    if (!inserted) return null;
    await tx.insert(mediaVariants).values(
      variants.map((variant) => ({
        mediaId: inserted.id,
        width: variant.width,
        height: variant.height,
        format: variant.format,
        bytes: variant.bytes,
      })),
    );
    return inserted;
  });
  if (row) return { ok: true, media: toStored(row) };
  const [winner] = await db().select().from(media).where(eq(media.hash, hash));
  if (!winner) return { ok: false, message: MEDIA_MESSAGES.damaged };
  return { ok: true, media: toStored(winner) };
}

/** One stored file for `/media/<name>`, or null. */
export async function readVariant({
  hash,
  width,
  format,
}: {
  hash: string;
  width: number;
  format: VariantFormat;
}): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const [row] = await db()
    .select({ bytes: mediaVariants.bytes })
    .from(mediaVariants)
    .innerJoin(media, eq(media.id, mediaVariants.mediaId))
    .where(
      and(eq(media.hash, hash), eq(mediaVariants.width, width), eq(mediaVariants.format, format)),
    );
  return row ? { bytes: row.bytes, contentType: VARIANT_CONTENT_TYPES[format] } : null;
}

export interface MediaUse {
  /** Where, in words: “News: Cup final”. */
  label: string;
  /** The admin screen that edits it. */
  href: string;
}

export interface MediaLibraryItem extends StoredMedia {
  fileName: string;
  storedBytes: number;
  createdAt: Date;
  uses: MediaUse[];
}

/** Every place that shows an upload: news images, people's photos and bios, table logos. */
async function usesOf(hash: string): Promise<MediaUse[]> {
  const pattern = `/media/${hash}-%`;
  const [newsRows, peopleRows, tableRows, sponsorRows, clubRows] = await Promise.all([
    db()
      .select({ id: news.id, title: news.title })
      .from(news)
      .where(sql`${news.image} like ${pattern}`),
    db()
      .select({ id: teamMembers.id, name: teamMembers.name })
      .from(teamMembers)
      .where(
        sql`${teamMembers.image} like ${pattern} or ${teamMembers.bio} like ${`%/media/${hash}-%`}`,
      ),
    db()
      .select({ id: leagueTable.id, team: leagueTable.team })
      .from(leagueTable)
      .where(sql`${leagueTable.logo} like ${pattern}`),
    db()
      .select({ id: sponsors.id, name: sponsors.name })
      .from(sponsors)
      .where(sql`${sponsors.logo} like ${pattern}`),
    // Governing bodies' logos and video thumbnails live in the club details' document.
    db()
      .select({ id: clubSettings.id })
      .from(clubSettings)
      .where(sql`${clubSettings.details}::text like ${`%/media/${hash}-%`}`),
  ]);
  return [
    ...newsRows.map((row) => ({ label: `News: ${row.title}`, href: `/admin/news?edit=${row.id}` })),
    ...peopleRows.map((row) => ({
      label: `Team: ${row.name}`,
      href: `/admin/team?edit=${row.id}`,
    })),
    ...tableRows.map((row) => ({
      label: `League table: ${row.team}`,
      href: `/admin/table?edit=${row.id}`,
    })),
    ...sponsorRows.map((row) => ({
      label: `Sponsor: ${row.name}`,
      href: `/admin/sponsors?edit=${row.id}`,
    })),
    ...clubRows.map(() => ({ label: "Club details", href: "/admin/club" })),
  ];
}

/** The media library: every upload, newest first, with where it is used, and the total size. */
export async function listMedia(): Promise<{ items: MediaLibraryItem[]; totalBytes: number }> {
  const rows = await db().select().from(media).orderBy(desc(media.createdAt), desc(media.id));
  const items = await Promise.all(
    rows.map(async (row) => ({
      ...toStored(row),
      fileName: row.fileName,
      storedBytes: row.storedBytes,
      createdAt: row.createdAt,
      uses: await usesOf(row.hash),
    })),
  );
  return { items, totalBytes: items.reduce((sum, item) => sum + item.storedBytes, 0) };
}

/** Deletes an unused upload; one in use is kept and the places that use it are returned. */
export async function deleteMedia({
  id,
}: {
  id: string;
}): Promise<{ deleted: true; fileName: string } | { deleted: false; uses: MediaUse[] } | null> {
  const [row] = await db().select().from(media).where(eq(media.id, id));
  if (!row) return null;
  const uses = await usesOf(row.hash);
  if (uses.length > 0) return { deleted: false, uses };
  await db().delete(media).where(eq(media.id, id));
  return { deleted: true, fileName: row.fileName };
}
