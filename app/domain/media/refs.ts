// Stored images as the pages show them (decisions 23; ADR 017): references, variant
// addresses and <picture> data. The public pages import this module (media-image.tsx), not
// rules.ts, so they do not download the upload rules and their messages (ADR 008);
// rules.ts re-exports all of it.

/** The widths made of every upload (never wider than the original). */
const MEDIA_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** The largest width kept: the original itself is never stored (it carries GPS positions). */
const MEDIA_MAX_WIDTH = 1920;

/** A format the server stores and serves. */
export type VariantFormat = "avif" | "webp" | "jpeg" | "png";

const VARIANT_EXTENSIONS: Record<VariantFormat, string> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
  png: "png",
};

export const VARIANT_CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** The widths made of an image `width` px wide: each standard width below it, then its own. */
export function variantWidths(width: number): number[] {
  const top = Math.min(width, MEDIA_MAX_WIDTH);
  return [...MEDIA_WIDTHS.filter((candidate) => candidate < top), top];
}

/** A stored image as the pages refer to it: `/media/<hash>-<width>x<height>.<ext>`. */
export interface MediaRef {
  hash: string;
  width: number;
  height: number;
  fallback: "jpeg" | "png";
}

/** A stored image's content hash, as in its file names. */
export const MEDIA_HASH = "[a-f0-9]{24}";
const REF_PATTERN = new RegExp(`^/media/(${MEDIA_HASH})-(\\d{1,4})x(\\d{1,4})\\.(jpg|png)$`);
export function mediaRefUrl(ref: MediaRef): string {
  return `/media/${ref.hash}-${ref.width}x${ref.height}.${VARIANT_EXTENSIONS[ref.fallback]}`;
}

/** The stored reference in an image field, or null for an outside address or a bundled file. */
export function parseMediaRef(url: string | null | undefined): MediaRef | null {
  const match = url ? REF_PATTERN.exec(url) : null;
  if (!match) return null;
  return {
    hash: match[1] as string,
    width: Number(match[2]),
    height: Number(match[3]),
    fallback: match[4] === "png" ? "png" : "jpeg",
  };
}

export function variantUrl({
  hash,
  width,
  format,
}: {
  hash: string;
  width: number;
  format: VariantFormat;
}): string {
  return `/media/${hash}-${width}.${VARIANT_EXTENSIONS[format]}`;
}

export interface ResponsiveImage {
  src: string;
  width: number;
  height: number;
  /** AVIF first, then WebP: the browser takes the first it can show. */
  sources: { type: string; srcSet: string }[];
  srcSet: string;
}

/** `<picture>` data for a stored reference (decisions 23): every width in every format. */
export function responsiveImage(ref: MediaRef): ResponsiveImage {
  const widths = variantWidths(ref.width);
  const srcSetOf = (format: VariantFormat) =>
    widths.map((width) => `${variantUrl({ hash: ref.hash, width, format })} ${width}w`).join(", ");
  return {
    src: variantUrl({ hash: ref.hash, width: ref.width, format: ref.fallback }),
    width: ref.width,
    height: ref.height,
    sources: (["avif", "webp"] as const).map((format) => ({
      type: VARIANT_CONTENT_TYPES[format],
      srcSet: srcSetOf(format),
    })),
    srcSet: srcSetOf(ref.fallback),
  };
}

/** The Open Graph image's width (link previews want 1200 px). */
const OG_WIDTH = 1200;

/** The Open Graph image of a stored reference: its 1200 px wide fallback (or its own width). */
export function ogImageUrl(ref: MediaRef): string {
  return variantUrl({
    hash: ref.hash,
    width: Math.min(ref.width, OG_WIDTH),
    format: ref.fallback,
  });
}
