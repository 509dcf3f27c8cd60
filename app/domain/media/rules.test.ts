import { describe, expect, it } from "vitest";
import {
  fieldsNaming,
  formatBytes,
  isUnsafeSvg,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  mediaInUseMessage,
  mediaLabel,
  ogImageUrl,
  parseMediaRef,
  parseVariantName,
  responsiveImage,
  sizeProblem,
  sniffFormat,
  variantWidths,
} from "./rules.ts";

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((value) =>
      typeof value === "string" ? [...value].map((char) => char.charCodeAt(0)) : [value],
    ),
  );
const HASH = "0123456789abcdef01234567";

describe("sniffFormat", () => {
  it("reads the format from the bytes, not the name", () => {
    expect(sniffFormat(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe("jpeg");
    expect(sniffFormat(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a))).toBe("png");
    expect(sniffFormat(bytes("GIF89a"))).toBe("gif");
    expect(sniffFormat(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toBe("webp");
    expect(sniffFormat(bytes(0, 0, 0, 0x1c, "ftypavif", 0, 0, 0, 0, "mif1"))).toBe("avif");
    expect(sniffFormat(bytes(0, 0, 0, 0x1c, "ftypmp42"))).toBeNull();
    expect(sniffFormat(bytes('<?xml version="1.0"?>\n<!-- x --><svg xmlns="">'))).toBe("svg");
    expect(sniffFormat(bytes("<html><svg></svg></html>"))).toBeNull();
    expect(sniffFormat(bytes("Team sheet for Saturday"))).toBeNull();
    expect(sniffFormat(new Uint8Array(0))).toBeNull();
  });
});

describe("isUnsafeSvg", () => {
  it("refuses scripts, handlers, javascript: and outside files; takes plain shapes", () => {
    expect(isUnsafeSvg("<svg><script>alert(1)</script></svg>")).toBe(true);
    expect(isUnsafeSvg('<svg><rect onload="x()"/></svg>')).toBe(true);
    expect(isUnsafeSvg('<svg><a href="javascript:x()">a</a></svg>')).toBe(true);
    expect(isUnsafeSvg('<svg><image href="https://tracker.example/p.png"/></svg>')).toBe(true);
    expect(isUnsafeSvg("<svg><foreignObject></foreignObject></svg>")).toBe(true);
    expect(isUnsafeSvg('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg/>')).toBe(
      true,
    );
    expect(isUnsafeSvg('<svg><use href="#a"/><rect width="1" height="1"/></svg>')).toBe(false);
  });
});

describe("sizes", () => {
  it("refuses empty files and files over 15 MB", () => {
    expect(sizeProblem(0)).toBe(MEDIA_MESSAGES.empty);
    expect(sizeProblem(MEDIA_MAX_BYTES)).toBeNull();
    expect(sizeProblem(MEDIA_MAX_BYTES + 1)).toBe(MEDIA_MESSAGES.tooLarge);
  });

  it("makes each standard width below the image, then its own (at most 1920)", () => {
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(variantWidths(320)).toEqual([320]);
    expect(variantWidths(100)).toEqual([100]);
  });
});

describe("addresses", () => {
  it("reads a stored reference and a variant's name; anything else is not ours", () => {
    expect(parseMediaRef(`/media/${HASH}-1920x1080.jpg`)).toEqual({
      hash: HASH,
      width: 1920,
      height: 1080,
      fallback: "jpeg",
    });
    expect(parseMediaRef("https://example.org/media/x.jpg")).toBeNull();
    expect(parseMediaRef("/images/demo/new-kit.svg")).toBeNull();
    expect(parseVariantName(`${HASH}-640.avif`)).toEqual({
      hash: HASH,
      width: 640,
      format: "avif",
    });
    expect(parseVariantName(`${HASH}-1920x1080.jpg`)).toEqual({
      hash: HASH,
      width: 1920,
      format: "jpeg",
    });
    expect(parseVariantName(`${HASH}-640.svg`)).toBeNull();
    expect(parseVariantName("../etc/passwd")).toBeNull();
  });

  it("gives <picture> sources AVIF, then WebP, then the fallback, and the 1200 px Open Graph image", () => {
    const ref = { hash: HASH, width: 1600, height: 900, fallback: "jpeg" as const };
    const image = responsiveImage(ref);
    expect(image.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect(image.sources[0]?.srcSet).toBe(
      `/media/${HASH}-320.avif 320w, /media/${HASH}-640.avif 640w, /media/${HASH}-960.avif 960w, /media/${HASH}-1280.avif 1280w, /media/${HASH}-1600.avif 1600w`,
    );
    expect(image.src).toBe(`/media/${HASH}-1600.jpg`);
    expect([image.width, image.height]).toEqual([1600, 900]);
    expect(ogImageUrl(ref)).toBe(`/media/${HASH}-1200.jpg`);
    expect(ogImageUrl({ ...ref, width: 800 })).toBe(`/media/${HASH}-800.jpg`);
  });
});

describe("the media library's words", () => {
  it("says sizes in KB under a megabyte and in MB with one decimal above", () => {
    expect(formatBytes(0)).toBe("1 KB");
    expect(formatBytes(840 * 1024)).toBe("840 KB");
    expect(formatBytes(1024 * 1024)).toBe("1.0 MB");
    expect(formatBytes(2.44 * 1024 * 1024)).toBe("2.4 MB");
  });

  it("names an upload by its description, else its file name", () => {
    expect(mediaLabel({ description: "The team with the cup", fileName: "a.jpg" })).toBe(
      "The team with the cup",
    );
    expect(mediaLabel({ description: "", fileName: "a.jpg" })).toBe("a.jpg");
    expect(mediaLabel({ description: "", fileName: "" })).toBe("Untitled upload");
  });

  it("lists every place in a refused delete", () => {
    expect(
      mediaInUseMessage("final.jpg", [{ label: "News: Cup final" }, { label: "Team: Aoife" }]),
    ).toBe(
      "“final.jpg” is still used (2 places): News: Cup final; Team: Aoife. Choose another image there first. Nothing was deleted.",
    );
    expect(mediaInUseMessage("x", [{ label: "Sponsor: Acme" }])).toContain(
      "(1 place): Sponsor: Acme.",
    );
  });
});

describe("fieldsNaming", () => {
  const gone = "a".repeat(24);
  const kept = "b".repeat(24);
  it("names every field, nested ones as Conform does, whose value names a missing upload", () => {
    expect(
      fieldsNaming(
        {
          title: "Cup final",
          content: `<p>Report</p><img src="/media/${gone}-960.avif">`,
          logo: `/media/${kept}-200x100.png`,
          bio: `<p><img src="/media/${gone}-640.webp"></p>`,
          governingBodies: [
            { name: "League", logo: `/media/${kept}-10x10.png` },
            { name: "Union", logo: `/media/${gone}-10x10.png` },
          ],
          count: 3,
          missing: null,
        },
        [gone],
      ),
    ).toEqual(["content", "bio", "governingBodies[1].logo"]);
  });
});
