import { describe, expect, it } from "vitest";
import { ICON_FILES, iconEtag, iconFile, iconHref, manifestIcons } from "./icons.ts";

describe("the icons made from the crest (ADR 037)", () => {
  it("are the sizes browsers and phones ask for, at stable addresses", () => {
    expect(
      Object.entries(ICON_FILES).map(([name, file]) => [name, file.size, file.maskable]),
    ).toEqual([
      ["favicon-32.png", 32, false],
      ["favicon-48.png", 48, false],
      ["apple-touch-icon.png", 180, false],
      ["icon-192.png", 192, false],
      ["icon-512.png", 512, false],
      ["icon-maskable-512.png", 512, true],
    ]);
    expect(iconHref("icon-192.png")).toBe("/brand/icon-192.png");
  });

  it("knows only its own files (no path, no prototype keys)", () => {
    expect(iconFile("icon-512.png")?.size).toBe(512);
    expect(iconFile("../icon-512.png")).toBeNull();
    expect(iconFile("constructor")).toBeNull();
    expect(iconFile("icon-1024.png")).toBeNull();
  });

  it("changes its tag with the crest", () => {
    expect(iconEtag({ crestHash: "abc", file: "icon-192.png" })).toBe('"abc-icon-192.png"');
    expect(iconEtag({ crestHash: "abd", file: "icon-192.png" })).not.toBe(
      iconEtag({ crestHash: "abc", file: "icon-192.png" }),
    );
  });

  it("gives the manifest 192, 512 and a maskable 512", () => {
    expect(manifestIcons()).toEqual([
      { src: "/brand/icon-192.png", type: "image/png", sizes: "192x192" },
      { src: "/brand/icon-512.png", type: "image/png", sizes: "512x512" },
      {
        src: "/brand/icon-maskable-512.png",
        type: "image/png",
        sizes: "512x512",
        purpose: "maskable",
      },
    ]);
  });
});
