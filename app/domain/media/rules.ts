// Uploaded photos and logos (decisions 23; ADR 017): the pure rules shared by the server,
// the upload field and the public pages. No I/O here.

/** The largest file accepted (decisions 23): a phone's photo fits, a video does not. */
export const MEDIA_MAX_BYTES = 15 * 1024 * 1024;

/** A form that carries one upload: the file plus the form's own fields (its stream limit). */
export const MEDIA_UPLOAD_MAX_BYTES = MEDIA_MAX_BYTES + 1_000_000;

/** The widths made of every upload (never wider than the original). */
export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** The largest width kept: the original itself is never stored (it carries GPS positions). */
export const MEDIA_MAX_WIDTH = 1920;

/** The Open Graph image's width (link previews want 1200 px). */
export const OG_WIDTH = 1200;

/** What an upload is for: photos (news, people) or logos (the only place SVG is taken). */
export type MediaKind = "photo" | "logo";

/** A format sniffed from a file's first bytes. */
export type SourceFormat = "jpeg" | "png" | "webp" | "avif" | "gif" | "svg";

/** A format the server stores and serves. */
export type VariantFormat = "avif" | "webp" | "jpeg" | "png";

export const VARIANT_EXTENSIONS: Record<VariantFormat, string> = {
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

export const MEDIA_MESSAGES = {
  tooLarge: "This file is larger than 15 MB. Please choose a smaller photo. Nothing was saved.",
  notPhoto:
    "This file is not a photo the site can use. Please choose a JPEG, PNG, WebP, AVIF or GIF image. Nothing was saved.",
  notLogo:
    "This file is not an image the site can use. Please choose a PNG, SVG, JPEG, WebP, AVIF or GIF image. Nothing was saved.",
  damaged:
    "This image could not be read: the file may be damaged or incomplete. Please choose another. Nothing was saved.",
  svgUnsafe:
    "This SVG contains a script, an event handler or a link to another file, which the site does not accept. Please export it again without them, or upload a PNG. Nothing was saved.",
  empty: "This file is empty. Please choose a photo. Nothing was saved.",
  offline:
    "Photos need a connection: nothing was sent. Your text is still in the form; save again when you are back online.",
} as const;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/**
 * The real format of a file, read from its bytes (never from its name or the browser's
 * type: a renamed text file is not a photo). Null for anything else.
 */
export function sniffFormat(bytes: Uint8Array): SourceFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  // ISO base media: a box "ftyp" whose brands include avif/avis.
  if (ascii(bytes, 4, 8) === "ftyp") {
    const size = Math.min(bytes.length, 64);
    const brands = ascii(bytes, 8, size);
    if (/avi[fs]/.test(brands)) return "avif";
    return null;
  }
  if (looksLikeSvg(bytes)) return "svg";
  return null;
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder("utf-8", { fatal: false })
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (!head.startsWith("<")) return false;
  // An XML declaration, comments or a doctype may come first; the root must be <svg.
  const withoutProlog = head
    .replace(/^<\?xml[\s\S]*?\?>/, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<!DOCTYPE[^>]*>/i, "")
    .trimStart();
  return /^<svg[\s>]/i.test(withoutProlog);
}

/**
 * An SVG logo is rasterised (never served as SVG), and one with active content is refused
 * rather than cleaned: a script, an event handler, a javascript: address, foreignObject, or
 * anything loaded from elsewhere (an external href, an entity).
 */
export function isUnsafeSvg(text: string): boolean {
  return (
    /<script[\s>/]/i.test(text) ||
    /\son[a-z]+\s*=/i.test(text) ||
    /javascript:/i.test(text) ||
    /<foreignObject[\s>/]/i.test(text) ||
    /<!ENTITY/i.test(text) ||
    /(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/)/i.test(text)
  );
}

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

const HASH = "[a-f0-9]{24}";
const REF_PATTERN = new RegExp(`^/media/(${HASH})-(\\d{1,4})x(\\d{1,4})\\.(jpg|png)$`);
const NAME_PATTERN = new RegExp(`^(${HASH})-(\\d{1,4})(?:x\\d{1,4})?\\.(avif|webp|jpg|png)$`);

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

/** Which stored file a `/media/<name>` address asks for; null for anything else (404). */
export function parseVariantName(
  name: string,
): { hash: string; width: number; format: VariantFormat } | null {
  const match = NAME_PATTERN.exec(name);
  if (!match) return null;
  const extension = match[3];
  const format: VariantFormat =
    extension === "jpg" ? "jpeg" : extension === "png" ? "png" : (extension as VariantFormat);
  return { hash: match[1] as string, width: Number(match[2]), format };
}

/** The Open Graph image of a stored reference: its 1200 px wide fallback (or its own width). */
export function ogImageUrl(ref: MediaRef): string {
  return variantUrl({
    hash: ref.hash,
    width: Math.min(ref.width, OG_WIDTH),
    format: ref.fallback,
  });
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

/** The refusal for a file's size, or null when it may be processed. */
export function sizeProblem(bytes: number): string | null {
  if (bytes === 0) return MEDIA_MESSAGES.empty;
  if (bytes > MEDIA_MAX_BYTES) return MEDIA_MESSAGES.tooLarge;
  return null;
}

/** The admin screens whose forms carry an upload: their bodies stream with the upload limit. */
export const MEDIA_UPLOAD_ROUTES = [
  "/admin/news",
  "/admin/team",
  "/admin/table",
  "/admin/sponsors",
  "/admin/club",
  "/admin/media",
  "/admin/media/upload",
];

/** A size for people: “840 KB”, “2.4 MB” (1 MB = 1024 × 1024 bytes, as the 15 MB limit). */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${mb.toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** How the library names an upload: its description, else its file name. */
export function mediaLabel({
  description,
  fileName,
}: {
  description: string;
  fileName: string;
}): string {
  return description || fileName || "Untitled upload";
}

/** The refusal of a delete while the upload is used (ADR 017): every place that uses it. */
export function mediaInUseMessage(label: string, uses: { label: string }[]): string {
  const places = uses.map((use) => use.label).join("; ");
  return `“${label}” is still used (${uses.length === 1 ? "1 place" : `${uses.length} places`}): ${places}. Choose another image there first. Nothing was deleted.`;
}

/** An earlier upload an image field may take again (“Choose from library”). */
export interface MediaChoice {
  id: string;
  url: string;
  /** The smallest stored file, for the list. */
  thumbnail: string;
  width: number;
  height: number;
  fileName: string;
  description: string;
}
