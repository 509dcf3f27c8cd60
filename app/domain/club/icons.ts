// ADR 037: the browser and phone icons made from the club's crest, at stable addresses
// (/brand/<file>) that the page head and the web app manifest name. Pure, no I/O.

export interface IconFile {
  /** Width and height in pixels. */
  size: number;
  /**
   * A maskable icon (Android crops it to a circle or a rounded square): the crest sits in the
   * middle 80 % on the club's primary colour, so no part of it is cut off.
   */
  maskable: boolean;
  /** The bundled file served until the club uploads a crest. */
  fallback: string;
}

/** ADR 037: every icon the site names, by file name: the sizes browsers and phones ask for. */
export const ICON_FILES = {
  "favicon-32.png": { size: 32, maskable: false, fallback: "/favicon.svg" },
  "favicon-48.png": { size: 48, maskable: false, fallback: "/favicon.svg" },
  "apple-touch-icon.png": { size: 180, maskable: false, fallback: "/apple-touch-icon.png" },
  "icon-192.png": { size: 192, maskable: false, fallback: "/icon-192.png" },
  "icon-512.png": { size: 512, maskable: false, fallback: "/icon-512.png" },
  "icon-maskable-512.png": { size: 512, maskable: true, fallback: "/icon-maskable-512.png" },
} as const satisfies Record<string, IconFile>;

export type IconFileName = keyof typeof ICON_FILES;

const BRAND_PATH = "/brand/";

/** The stable address of an icon. */
export function iconHref(file: IconFileName): string {
  return `${BRAND_PATH}${file}`;
}

/** An icon file's settings, or null for a name the site does not serve. */
export function iconFile(name: string): IconFile | null {
  return Object.hasOwn(ICON_FILES, name) ? ICON_FILES[name as IconFileName] : null;
}

/**
 * The entity tag of an icon: the crest's content hash (an upload's bytes never change) and
 * the file, so a new crest is a new tag and a browser that asks again gets the new icon.
 */
export function iconEtag({ crestHash, file }: { crestHash: string; file: string }): string {
  return `"${crestHash}-${file}"`;
}

/**
 * Icons are kept a day by browsers: the address stays the same when the crest changes (the
 * manifest and bookmarks name it), so it cannot be kept for ever like an upload's own files.
 */
export const ICON_CACHE_CONTROL = "public, max-age=86400";

/** The web app manifest's icons (rules §10 Metadata). */
export function manifestIcons(): { src: string; type: string; sizes: string; purpose?: string }[] {
  return [
    { src: iconHref("icon-192.png"), type: "image/png", sizes: "192x192" },
    { src: iconHref("icon-512.png"), type: "image/png", sizes: "512x512" },
    {
      src: iconHref("icon-maskable-512.png"),
      type: "image/png",
      sizes: "512x512",
      purpose: "maskable",
    },
  ];
}
