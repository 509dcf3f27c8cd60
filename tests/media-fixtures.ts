import sharp from "sharp";

// Test images made with sharp itself (ADR 017): a phone's photo stored sideways with an EXIF
// orientation flag and a GPS position, and the files an upload must refuse.

/** The GPS position a phone writes (Croke Park): must never reach a served file. */
const GPS = { latitude: "53/1 21/1 38/1", longitude: "6/1 15/1 4/1" };

/**
 * A JPEG `width`×`height` px as stored, red on its left half and blue on its right, flagged
 * orientation 6 (turn 90° clockwise to view): upright it is `height` wide, red on top.
 */
export async function sidewaysPhoneJpeg({
  width = 2400,
  height = 1200,
}: {
  width?: number;
  height?: number;
} = {}): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: "#0000ff" } })
    .composite([
      {
        input: { create: { width: half, height, channels: 3, background: "#ff0000" } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "TestPhone", Model: "Clubsite 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: GPS.latitude,
        GPSLongitudeRef: "W",
        GPSLongitude: GPS.longitude,
      },
    })
    .toBuffer();
}

/** A plain image of any size and format (a wide banner, a small logo). */
export function plainImage({
  width,
  height,
  format = "png",
  alpha = false,
}: {
  width: number;
  height: number;
  format?: "png" | "jpeg" | "webp" | "gif" | "avif";
  alpha?: boolean;
}): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 0, g: 128, b: 0, alpha: 0.5 } : "#008000",
    },
  })
    .toFormat(format)
    .toBuffer();
}

export const SCRIPTED_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><circle cx="50" cy="50" r="40" fill="red"/></svg>`;

export const CLEAN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" viewBox="0 0 120 60"><rect width="120" height="60" rx="8" fill="#1d4ed8"/></svg>`;

/**
 * A photo as a phone takes it (12 MP, 4000×3000, about 6.5 MB: over the 3 MB a form without an
 * upload may send): a smooth gradient under fine grain, like a sensor's noise. The grain is
 * what JPEG cannot make small; it alternates from pixel to pixel, so the server's smaller
 * copies are nearly smooth and take about as long to make as a real photo's (a few seconds).
 */
export async function largePhoneJpeg({
  width = 4000,
  height = 3000,
}: {
  width?: number;
  height?: number;
} = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  const grain = new Uint8Array(pixels.length);
  // getRandomValues fills at most 64 KB at a time.
  for (let offset = 0; offset < grain.length; offset += 65_536) {
    crypto.getRandomValues(grain.subarray(offset, Math.min(offset + 65_536, grain.length)));
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const sign = (x + y) % 2 === 0 ? 1 : -1;
      const base = [40 + Math.floor((170 * x) / width), 40 + Math.floor((170 * y) / height), 128];
      for (let channel = 0; channel < 3; channel++) {
        pixels[i + channel] = (base[channel] ?? 0) + sign * (((grain[i + channel] ?? 0) % 17) - 8);
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95, chromaSubsampling: "4:4:4" })
    .toBuffer();
}

// Files that cost without limit unless refused before decoding (ADR 025).

/** A strip of 1000×59,999 px: about 250 KB of PNG, some 180 MB once decoded. */
export function stripPng(): Promise<Buffer> {
  return sharp({ create: { width: 1000, height: 59_999, channels: 3, background: "#ffffff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * A JPEG of a few hundred bytes whose header declares `side`² px: an 8×8 picture with its
 * frame header rewritten. Its data runs out at once, which the decoder only warns about.
 */
export async function jpegDeclaring(side = 7745): Promise<Buffer> {
  const bytes = Buffer.from(await plainImage({ width: 8, height: 8, format: "jpeg" }));
  let at = 2;
  while (at < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    if (marker === 0xc0 || marker === 0xc2) {
      bytes.writeUInt16BE(side, at + 5);
      bytes.writeUInt16BE(side, at + 7);
      return bytes;
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error("no frame header in the test JPEG");
}

/** A 400-byte SVG whose blur takes the whole machine for many seconds. */
export const BLUR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="300"/></filter><rect width="400" height="400" fill="red" filter="url(#b)"/></svg>`;

/** Copies of copies: ten `<use>` of ten `<use>` … eight levels deep, 10⁸ shapes. */
export const USE_BOMB_SVG = (() => {
  let defs = `<rect id="u0" width="1" height="1"/>`;
  for (let level = 1; level <= 8; level++) {
    defs += `<g id="u${level}">${`<use href="#u${level - 1}"/>`.repeat(10)}</g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><defs>${defs}</defs><use href="#u8"/></svg>`;
})();
