// Uploaded photos and logos (decisions 23; ADR 017): the pure rules shared by the server,
// the upload field and the public pages. No I/O here.

import { formatPaths } from "@conform-to/dom";
import { MEDIA_HASH, type VariantFormat } from "./refs.ts";

export * from "./refs.ts";

/** The largest file accepted (decisions 23): a phone's photo fits, a video does not. */
export const MEDIA_MAX_BYTES = 15 * 1024 * 1024;

/** A form that carries one upload: the file plus the form's own fields (its stream limit). */
export const MEDIA_UPLOAD_MAX_BYTES = MEDIA_MAX_BYTES + 1_000_000;

/** What an upload is for: photos (news, people) or logos (the only place SVG is taken). */
export type MediaKind = "photo" | "logo";

/** A format sniffed from a file's first bytes. */
export type SourceFormat = "jpeg" | "png" | "webp" | "avif" | "gif" | "svg";

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
  svgCostly:
    "This SVG uses a filter or repeats shapes with <use>, which the site does not accept in logos (they can take minutes to draw). Please export it again without them, or upload a PNG. Nothing was saved.",
  tooSlow:
    "This image took too long to process. Please upload a smaller or simpler image. Nothing was saved.",
  busy: "The server is processing other images just now. Please save again in a minute. Nothing was saved.",
  empty: "This file is empty. Please choose a photo. Nothing was saved.",
  deleted:
    "This image is no longer in the media library: it was deleted after it was chosen. Please choose another, or upload it again. Nothing was saved.",
  offline:
    "Photos need a connection: nothing was sent. Your text is still in the form; save again when you are back online.",
} as const;

/**
 * ADR 025: what one upload may cost before it is decoded, read from its header alone. The
 * pixels of a 50-megapixel phone photo; a side the AVIF encoder takes; a panorama, not a strip
 * (1000×59,999 px is 175 KB of PNG and several hundred MB once decoded).
 */
export const MEDIA_MAX_PIXELS = 60_000_000;
const MEDIA_MAX_SIDE = 16_000;
const MEDIA_MAX_ASPECT = 8;

/** ADR 025: the refusal for an image's dimensions (from its header), or null. */
export function dimensionsProblem({
  width,
  height,
}: {
  width: number | undefined;
  height: number | undefined;
}): string | null {
  if (!width || !height) return MEDIA_MESSAGES.damaged;
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (
    width * height <= MEDIA_MAX_PIXELS &&
    long <= MEDIA_MAX_SIDE &&
    long <= short * MEDIA_MAX_ASPECT
  ) {
    return null;
  }
  const format = (n: number) => n.toLocaleString("en-GB");
  return `This image is ${format(width)} × ${format(height)} pixels. The site takes images up to ${format(MEDIA_MAX_SIDE)} pixels on a side, ${MEDIA_MAX_PIXELS / 1_000_000} megapixels, and at most ${MEDIA_MAX_ASPECT} times as long as wide. Please crop or resize it. Nothing was saved.`;
}

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
 * ADR 025: an SVG logo that could take minutes to draw is refused: a filter (an element, an
 * attribute or a CSS filter), `<use>` (copies of copies grow exponentially), or an image that
 * is itself an SVG. A logo needs none of them.
 */
export function isCostlySvg(text: string): boolean {
  return (
    /<(?:[\w-]+:)?(?:filter|use)[\s>/]/i.test(text) ||
    /\bfilter\s*[:=]/i.test(text) ||
    /data:image\/svg/i.test(text)
  );
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

const NAME_PATTERN = new RegExp(`^(${MEDIA_HASH})-(\\d{1,4})(?:x\\d{1,4})?\\.(avif|webp|jpg|png)$`);

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

/** The refusal for a file's size, or null when it may be processed. */
export function sizeProblem(bytes: number): string | null {
  if (bytes === 0) return MEDIA_MESSAGES.empty;
  if (bytes > MEDIA_MAX_BYTES) return MEDIA_MESSAGES.tooLarge;
  return null;
}

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

const NAMED_UPLOAD = new RegExp(`/media/(${MEDIA_HASH})-`, "g");

/** The uploads a change names anywhere in its values (an image field, a bio's HTML), once each. */
export function mediaHashesIn(value: unknown): string[] {
  const text = JSON.stringify(value) ?? "";
  return [...new Set(Array.from(text.matchAll(NAMED_UPLOAD), (match) => match[1] as string))];
}

/**
 * The form fields (Conform's names: `logo`, `governingBodies[0].logo`) whose values name any
 * of these uploads.
 */
export function fieldsNaming(
  value: unknown,
  hashes: string[],
  path: (string | number)[] = [],
): string[] {
  if (typeof value === "string") {
    return hashes.some((hash) => value.includes(`/media/${hash}-`)) ? [formatPaths(path)] : [];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => fieldsNaming(item, hashes, [...path, index]));
  }
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) =>
      fieldsNaming(item, hashes, [...path, key]),
    );
  }
  return [];
}
