import { createHash } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { OutputInfo } from "sharp";
import { z } from "zod";
import { setProcessValue } from "../../config/process-wide.ts";
import { db, withTransactionScope } from "../../db/database.server.ts";
import { media, mediaVariants } from "../../db/schema.ts";
import { keepDeleted, takeDeleted } from "../undo/undo.server.ts";
import { allMediaReferences, type MediaReference, referencesTo } from "./places.server.ts";
import {
  dimensionsProblem,
  isCostlySvg,
  isUnsafeSvg,
  MEDIA_MAX_PIXELS,
  MEDIA_MESSAGES,
  type MediaChoice,
  type MediaKind,
  type MediaRef,
  mediaRefUrl,
  type SourceFormat,
  sizeProblem,
  sniffFormat,
  VARIANT_CONTENT_TYPES,
  type VariantFormat,
  variantUrl,
  variantWidths,
} from "./rules.ts";

// Uploaded photos and logos (decisions 23, ADR 017): checked by their bytes, turned upright,
// stripped of every piece of metadata (sharp writes none unless asked), and stored as
// variants in the database so every server process serves every upload. This module is the
// storage interface: object storage later replaces the two tables, not the callers.

/** SVG logos are drawn at this density (4× the 72 dpi default) before they are scaled down. */
const SVG_DENSITY = 288;

// ADR 025: what one upload may cost. Each step (the decode, each variant) stops after
// STEP_SECONDS, the whole image after IMAGE_MS; at most IMAGE_WORKERS images are processed at
// once (a phone photo takes a core for a few seconds), and when IMAGE_QUEUE more wait, the
// next is refused with a message rather than queued without end.
const STEP_SECONDS = 10;
const IMAGE_MS = 30_000;
const IMAGE_WORKERS = 2;
const IMAGE_QUEUE = 8;

// ADR 029: sharp (and libvips, about 10 MB) loads with the first image, not with the server.
// libvips's operation cache (50 MB by default) is kept small: each image is decoded once and
// its few variants made from the decoded pixels, so there is little to reuse.
let loaded: Promise<typeof import("sharp")> | undefined;
function loadSharp(): Promise<typeof import("sharp")> {
  loaded ??= import("sharp").then((module) => {
    const sharp = module.default;
    sharp.cache({ memory: 16, files: 0, items: 20 });
    // The memory report (server/memory-report.ts) reads libvips's own bytes through this.
    setProcessValue("sharp-memory", () => sharp.cache().memory.current * 1024 * 1024);
    return module;
  });
  return loaded;
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when one of the IMAGE_WORKERS is free; null when too many already wait. */
async function withImageWorker<T>(work: () => Promise<T>): Promise<T | null> {
  if (running >= IMAGE_WORKERS) {
    if (waiting.length >= IMAGE_QUEUE) return null;
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    // Hands the worker straight to the next in line (running stays the same), or frees it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Why processing an image failed, for the field: too slow, or unreadable. */
class ImageRefusal extends Error {}

const refusalFor = (error: unknown): string =>
  error instanceof ImageRefusal
    ? error.message
    : /^timeout/i.test(error instanceof Error ? error.message : "")
      ? MEDIA_MESSAGES.tooSlow
      : MEDIA_MESSAGES.damaged;

type StoredMedia = MediaRef & { id: string; url: string; kind: MediaKind };

export type UploadOutcome = { ok: true; media: StoredMedia } | { ok: false; message: string };

interface Decoded {
  data: Buffer;
  info: OutputInfo;
  hasAlpha: boolean;
}

/**
 * Decodes the whole image once (upright, at most 1920 px wide); throws on damaged data, and an
 * ImageRefusal when its header declares dimensions the site does not take (ADR 025).
 */
async function decode(bytes: Uint8Array, format: SourceFormat): Promise<Decoded> {
  const { default: sharp } = await loadSharp();
  const image = sharp(bytes, {
    // A truncated or corrupt file is refused, not half-drawn. A JPEG that runs out of data
    // warns rather than fails, and is then decoded in full as grey (a few hundred bytes can
    // declare 7745² pixels): its warning refuses it too.
    failOn: format === "jpeg" ? "warning" : "truncated",
    limitInputPixels: MEDIA_MAX_PIXELS,
    // GIF, WebP: the first frame only.
    pages: 1,
    ...(format === "svg" ? { density: SVG_DENSITY } : {}),
  }).timeout({ seconds: STEP_SECONDS });
  // The header alone (nothing is decoded yet): the dimensions and their ratio first.
  const metadata = await image.metadata();
  const refused = dimensionsProblem(metadata);
  if (refused) throw new ImageRefusal(refused);
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
  const { default: sharp } = await loadSharp();
  let image = sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  }).timeout({ seconds: STEP_SECONDS });
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
    const text = new TextDecoder().decode(bytes);
    if (isUnsafeSvg(text)) return { ok: false, message: MEDIA_MESSAGES.svgUnsafe };
    if (isCostlySvg(text)) return { ok: false, message: MEDIA_MESSAGES.svgCostly };
  }
  const hash = hashOf(bytes, kind);
  const [existing] = await db().select().from(media).where(eq(media.hash, hash));
  if (existing) return { ok: true, media: toStored(existing) };

  // Any failure while processing is the field's message, never a 500 (the form keeps what
  // was typed: resource.server.ts replies with it).
  let processed: Awaited<ReturnType<typeof processImage>> | null;
  try {
    processed = await withImageWorker(() => processImage(bytes, format));
  } catch (error) {
    return { ok: false, message: refusalFor(error) };
  }
  if (!processed) return { ok: false, message: MEDIA_MESSAGES.busy };
  const { decoded, fallback, largest, variants } = processed;
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

/** Decodes an upload and encodes its variants, within the time an image may take. */
async function processImage(bytes: Uint8Array, format: SourceFormat) {
  const deadline = Date.now() + IMAGE_MS;
  const decoded = await decode(bytes, format);
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
    if (Date.now() > deadline) throw new ImageRefusal(MEDIA_MESSAGES.tooSlow);
    const encoded = await encode({ decoded, ...job });
    variants.push({ ...job, ...encoded });
  }
  return { decoded, fallback, largest, variants };
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
  /** The description a place gives the image (a news photo's text alternative), else "". */
  description: string;
  storedBytes: number;
  createdAt: Date;
  uses: MediaUse[];
}

function libraryItem(
  row: typeof media.$inferSelect,
  references: MediaReference[],
): MediaLibraryItem {
  const places = referencesTo(row.hash, references);
  return {
    ...toStored(row),
    fileName: row.fileName,
    description: places.find((place) => place.description)?.description ?? "",
    storedBytes: row.storedBytes,
    createdAt: row.createdAt,
    uses: places.map(({ label, href }) => ({ label, href })),
  };
}

/**
 * The media library: every upload, newest first, with where it is used (MEDIA_PLACES), and
 * the storage all of them take (every variant's bytes; the original is never kept).
 */
export async function listMedia(): Promise<{ items: MediaLibraryItem[]; totalBytes: number }> {
  const [rows, references] = await Promise.all([
    db().select().from(media).orderBy(desc(media.createdAt), desc(media.id)),
    allMediaReferences(),
  ]);
  const items = rows.map((row) => libraryItem(row, references));
  return { items, totalBytes: items.reduce((sum, item) => sum + item.storedBytes, 0) };
}

const ENTITY = "media";

/**
 * Deletes an unused upload, keeping it (with its files) for Undo (decisions 17); one in use is
 * kept and the places that use it are returned. Null when it no longer exists.
 *
 * One transaction, the upload's row locked first: a change that names this upload holds it
 * (`holdMedia` in hold.server.ts) until that change ends, so either the change ends first and
 * its use is seen here, or the change waits and then finds the upload gone. Never a page that
 * shows an image deleted between this check and the delete.
 */
export async function deleteMedia({
  id,
}: {
  id: string;
}): Promise<
  | { deleted: true; fileName: string; token: string }
  | { deleted: false; fileName: string; description: string; uses: MediaUse[] }
  | null
> {
  return db().transaction((tx) =>
    withTransactionScope(tx, async () => {
      const [row] = await tx.select().from(media).where(eq(media.id, id)).for("update");
      if (!row) return null;
      const { uses, description } = libraryItem(row, await allMediaReferences());
      if (uses.length > 0) {
        return { deleted: false as const, fileName: row.fileName, description, uses };
      }
      const variants = await tx.select().from(mediaVariants).where(eq(mediaVariants.mediaId, id));
      const token = await keepDeleted(tx, {
        entity: ENTITY,
        recordId: id,
        data: {
          ...row,
          variants: variants.map(({ bytes, ...variant }) => ({
            ...variant,
            bytes: Buffer.from(bytes).toString("base64"),
          })),
        },
      });
      await tx.delete(media).where(eq(media.id, id));
      return { deleted: true as const, fileName: row.fileName, token };
    }),
  );
}

const snapshotSchema = z.object({
  id: z.uuid(),
  hash: z.string(),
  kind: z.enum(["photo", "logo"]),
  sourceFormat: z.string(),
  fileName: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  fallback: z.enum(["jpeg", "png"]),
  storedBytes: z.number().int(),
  createdAt: z.string(),
  variants: z.array(
    z.object({
      width: z.number().int(),
      height: z.number().int(),
      format: z.enum(["avif", "webp", "jpeg", "png"]),
      bytes: z.string(),
    }),
  ),
});

/**
 * Undo: puts a deleted upload back with the same id and files. When the same file was uploaded
 * again meanwhile, that upload is the one kept. Null when the Undo came too late.
 */
export async function restoreMedia({
  token,
}: {
  token: string;
}): Promise<{ id: string; fileName: string } | null> {
  return db().transaction(async (tx) => {
    const snapshot = snapshotSchema.safeParse(await takeDeleted(tx, { entity: ENTITY, token }));
    if (!snapshot.success) return null;
    const { variants, createdAt, ...row } = snapshot.data;
    const [inserted] = await tx
      .insert(media)
      .values({ ...row, createdAt: new Date(createdAt) })
      .onConflictDoNothing()
      .returning({ id: media.id });
    if (inserted) {
      await tx.insert(mediaVariants).values(
        variants.map(({ bytes, ...variant }) => ({
          ...variant,
          mediaId: inserted.id,
          bytes: Buffer.from(bytes, "base64"),
        })),
      );
      return { id: inserted.id, fileName: row.fileName };
    }
    const [again] = await tx.select({ id: media.id }).from(media).where(eq(media.hash, row.hash));
    return again ? { id: again.id, fileName: row.fileName } : null;
  });
}

/** Earlier uploads of one kind, newest first, with a description where a place gives one. */
export async function listMediaChoices({ kind }: { kind: MediaKind }): Promise<MediaChoice[]> {
  const [rows, references] = await Promise.all([
    db()
      .select()
      .from(media)
      .where(eq(media.kind, kind))
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(MEDIA_CHOICES_MAX),
    allMediaReferences(),
  ]);
  return rows.map((row) => {
    const item = libraryItem(row, references);
    return {
      id: item.id,
      url: item.url,
      thumbnail: variantUrl({
        hash: item.hash,
        width: variantWidths(item.width)[0] ?? item.width,
        format: item.fallback,
      }),
      width: item.width,
      height: item.height,
      fileName: item.fileName,
      description: item.description,
    };
  });
}

/** The library dialog lists this many uploads at most (the newest). */
const MEDIA_CHOICES_MAX = 200;

/**
 * ADR 037: a square PNG icon of `size` pixels made from an uploaded image's stored file (its
 * largest variant): the image fitted inside, on a transparent ground, or for a maskable icon
 * inside the middle 80 % on `background`. Null when the image cannot be processed now (busy).
 */
export async function squareIcon({
  bytes,
  size,
  maskable,
  background,
}: {
  bytes: Uint8Array;
  size: number;
  maskable: boolean;
  background: string;
}): Promise<Buffer | null> {
  return withImageWorker(async () => {
    const sharp = (await loadSharp()).default;
    const inner = maskable ? Math.round(size * 0.8) : size;
    const fitted = await sharp(bytes, { failOn: "truncated" })
      .resize(inner, inner, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    const pad = Math.floor((size - inner) / 2);
    return sharp({
      create: {
        width: size,
        height: size,
        channels: 4,
        background: maskable ? background : { r: 0, g: 0, b: 0, alpha: 0 },
      },
    })
      .composite([{ input: fitted, left: pad, top: pad }])
      .png({ compressionLevel: 9 })
      .toBuffer();
  });
}
