import sharp from "sharp";
import { beforeEach, expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { CLEAN_SVG } from "../../../tests/media-fixtures.ts";
import { clubSettings, media } from "../../db/schema.ts";
import { storeUpload } from "../media/media.server.ts";
import { forgetClub, getClubSettings, saveClubDetails } from "./club.server.ts";
import { crestIcon } from "./icons.server.ts";

describeWithDatabases("icons from the club's crest (ADR 037)", ({ db }) => {
  beforeEach(async () => {
    await db().delete(clubSettings);
    await db().delete(media);
    forgetClub();
  });

  it("are the bundled files until the club uploads a crest", async () => {
    expect(await crestIcon({ file: "icon-192.png" })).toEqual({
      status: "bundled",
      to: "/icon-192.png",
    });
    expect(await crestIcon({ file: "favicon-32.png" })).toEqual({
      status: "bundled",
      to: "/favicon.svg",
    });
    expect(await crestIcon({ file: "icon-999.png" })).toEqual({ status: "not-found" });
  });

  it("are made from the uploaded crest in each size, the maskable one on the primary colour", async () => {
    const upload = await storeUpload({ bytes: Buffer.from(CLEAN_SVG), kind: "logo" });
    if (!upload.ok) throw new Error(upload.message);
    const { id, details } = await getClubSettings();
    await saveClubDetails({
      id,
      details: {
        ...details,
        crest: upload.media.url,
        colours: { ...details.colours, primary: "#5a1a8c" },
      },
    });

    for (const [file, size] of [
      ["favicon-32.png", 32],
      ["favicon-48.png", 48],
      ["apple-touch-icon.png", 180],
      ["icon-192.png", 192],
      ["icon-512.png", 512],
    ] as const) {
      const icon = await crestIcon({ file });
      if (icon.status !== "icon") throw new Error(`${file}: ${icon.status}`);
      expect(icon.etag).toBe(`"${upload.media.hash}-${file}"`);
      const metadata = await sharp(icon.bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", size, size]);
    }
    // A 2:1 crest fits inside: the corners of a plain icon stay transparent…
    const plain = await crestIcon({ file: "icon-512.png" });
    if (plain.status !== "icon") throw new Error(plain.status);
    const corner = await sharp(plain.bytes)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect(corner[3]).toBe(0);
    // …and a maskable icon's are the club's primary colour, the crest in its safe zone.
    const maskable = await crestIcon({ file: "icon-maskable-512.png" });
    if (maskable.status !== "icon") throw new Error(maskable.status);
    const ground = await sharp(maskable.bytes)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([...ground]).toEqual([0x5a, 0x1a, 0x8c, 255]);
  });
});
