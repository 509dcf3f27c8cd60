import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, expect, it } from "vitest";
import { buildNews } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import {
  BLUR_SVG,
  CLEAN_SVG,
  jpegDeclaring,
  plainImage,
  SCRIPTED_SVG,
  sidewaysPhoneJpeg,
  stripPng,
  USE_BOMB_SVG,
} from "../../../tests/media-fixtures.ts";
import { withTransactionScope } from "../../db/database.server.ts";
import { rowsOf } from "../../db/open.server.ts";
import { media, mediaVariants, news } from "../../db/schema.ts";
import { keepDeleted, takeDeleted } from "../undo/undo.server.ts";
import { holdMedia } from "./hold.server.ts";
import { deleteMedia, listMedia, readVariant, storeUpload } from "./media.server.ts";
import {
  dimensionsProblem,
  MEDIA_MESSAGES,
  mediaHashesIn,
  parseMediaRef,
  variantWidths,
} from "./rules.ts";

const FORMATS = ["avif", "webp", "jpeg"] as const;

describeWithDatabases("storeUpload", ({ db }) => {
  beforeEach(async () => {
    await db().delete(news);
    await db().delete(media);
  });

  async function storedCounts() {
    const [row] = rowsOf<{ media: number; variants: number }>(
      await db().execute(
        sql`select (select count(*)::int from media) as media, (select count(*)::int from media_variants) as variants`,
      ),
    );
    return row;
  }

  it("turns a sideways phone photo upright and serves every variant without EXIF or GPS", async () => {
    // Stored 2400×1200 with orientation 6: upright it is 1200 wide and 2400 tall, red on top.
    const outcome = await storeUpload({ bytes: await sidewaysPhoneJpeg(), kind: "photo" });
    if (!outcome.ok) throw new Error(outcome.message);
    const { media: stored } = outcome;
    expect(stored).toMatchObject({ width: 1200, height: 2400, fallback: "jpeg" });
    expect(parseMediaRef(stored.url)).toMatchObject({ hash: stored.hash, width: 1200 });
    expect(variantWidths(stored.width)).toEqual([320, 640, 960, 1200]);
    for (const width of variantWidths(stored.width)) {
      for (const format of FORMATS) {
        const file = await readVariant({ hash: stored.hash, width, format });
        if (!file) throw new Error(`missing ${width} ${format}`);
        const metadata = await sharp(file.bytes).metadata();
        expect(metadata.width).toBe(width);
        expect(metadata.height).toBe(width * 2);
        expect(metadata.exif).toBeUndefined();
        expect(metadata.orientation).toBeUndefined();
        expect(metadata.format).toBe(format === "avif" ? "heif" : format);
        expect(Buffer.from(file.bytes).includes("TestPhone")).toBe(false);
      }
    }
    // Upright: the top is red (the stored left half), the bottom blue.
    const top = await readVariant({ hash: stored.hash, width: 320, format: "jpeg" });
    const { data, info } = await sharp(top?.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(pixel(160, 20)[0]).toBeGreaterThan(200);
    expect(pixel(160, 20)[2]).toBeLessThan(60);
    expect(pixel(160, 600)[2]).toBeGreaterThan(200);
  });

  it("never makes a variant wider than 1920 px nor wider than the upload; keeps a 1200 px fallback for link previews", async () => {
    const wide = await storeUpload({
      bytes: await plainImage({ width: 3000, height: 1000, format: "jpeg" }),
      kind: "photo",
    });
    if (!wide.ok) throw new Error(wide.message);
    expect(wide.media.width).toBe(1920);
    expect(
      await readVariant({ hash: wide.media.hash, width: 1920, format: "avif" }),
    ).not.toBeNull();
    expect(
      await readVariant({ hash: wide.media.hash, width: 1200, format: "jpeg" }),
    ).not.toBeNull();
    expect(await readVariant({ hash: wide.media.hash, width: 3000, format: "jpeg" })).toBeNull();

    const small = await storeUpload({
      bytes: await plainImage({ width: 200, height: 100, format: "webp" }),
      kind: "photo",
    });
    if (!small.ok) throw new Error(small.message);
    expect(small.media.width).toBe(200);
    expect(variantWidths(200)).toEqual([200]);
  });

  it("stores the same file once, and keeps transparency as PNG", async () => {
    const bytes = await plainImage({ width: 400, height: 200, alpha: true });
    const first = await storeUpload({ bytes, kind: "logo", fileName: "crest.png" });
    const again = await storeUpload({ bytes, kind: "logo", fileName: "crest.png" });
    if (!first.ok || !again.ok) throw new Error("refused");
    expect(again.media.id).toBe(first.media.id);
    expect(first.media.fallback).toBe("png");
    expect(first.media.url).toMatch(/\.png$/);
    expect((await storedCounts())?.media).toBe(1);
  });

  it("takes an SVG logo without active content and rasterises it; never as a photo", async () => {
    const logo = await storeUpload({ bytes: Buffer.from(CLEAN_SVG), kind: "logo" });
    if (!logo.ok) throw new Error(logo.message);
    const file = await readVariant({
      hash: logo.media.hash,
      width: logo.media.width,
      format: "png",
    });
    expect((await sharp(file?.bytes).metadata()).format).toBe("png");
    expect(await storeUpload({ bytes: Buffer.from(CLEAN_SVG), kind: "photo" })).toEqual({
      ok: false,
      message: MEDIA_MESSAGES.notPhoto,
    });
  });

  it("refuses a renamed text file, a truncated JPEG, a 20 MB file and an SVG with a script, storing nothing", async () => {
    const photo = await sidewaysPhoneJpeg({ width: 800, height: 400 });
    const twentyMegabytes = new Uint8Array(20 * 1024 * 1024);
    twentyMegabytes.set(photo.subarray(0, 1000));
    const cases = [
      {
        bytes: Buffer.from("Team sheet for Saturday\n"),
        kind: "photo",
        message: MEDIA_MESSAGES.notPhoto,
      },
      {
        bytes: photo.subarray(0, Math.floor(photo.length / 2)),
        kind: "photo",
        message: MEDIA_MESSAGES.damaged,
      },
      { bytes: twentyMegabytes, kind: "photo", message: MEDIA_MESSAGES.tooLarge },
      { bytes: Buffer.from(SCRIPTED_SVG), kind: "logo", message: MEDIA_MESSAGES.svgUnsafe },
      { bytes: Buffer.from(SCRIPTED_SVG), kind: "photo", message: MEDIA_MESSAGES.notPhoto },
      { bytes: new Uint8Array(0), kind: "photo", message: MEDIA_MESSAGES.empty },
    ] as const;
    for (const { bytes, kind, message } of cases) {
      expect(await storeUpload({ bytes, kind, fileName: "holiday.jpg" })).toEqual({
        ok: false,
        message,
      });
    }
    expect(await storedCounts()).toEqual({ media: 0, variants: 0 });
  });

  it("ADR 025: refuses images that would cost without limit, quickly and with the field's message", async () => {
    const cases = [
      {
        name: "a 1000×59,999 PNG",
        bytes: await stripPng(),
        kind: "photo",
        message: dimensionsProblem({ width: 1000, height: 59_999 }),
      },
      {
        name: "a truncated JPEG declaring 7745²",
        bytes: await jpegDeclaring(7745),
        kind: "photo",
        message: MEDIA_MESSAGES.damaged,
      },
      {
        name: "an SVG with a blur filter",
        bytes: Buffer.from(BLUR_SVG),
        kind: "logo",
        message: MEDIA_MESSAGES.svgCostly,
      },
      {
        name: "an SVG <use> bomb",
        bytes: Buffer.from(USE_BOMB_SVG),
        kind: "logo",
        message: MEDIA_MESSAGES.svgCostly,
      },
      {
        name: "an SVG with a CSS filter",
        bytes: Buffer.from(CLEAN_SVG.replace("<rect ", '<rect style="filter: blur(40px)" ')),
        kind: "logo",
        message: MEDIA_MESSAGES.svgCostly,
      },
    ] as const;
    for (const { name, bytes, kind, message } of cases) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const outcome = await storeUpload({ bytes, kind, fileName: "costly" });
      const { user, system } = process.cpuUsage(cpu);
      const figures = `${Math.round(performance.now() - started)} ms, ${Math.round((user + system) / 1000)} CPU-ms`;
      console.info(`${name} (${bytes.length} bytes): refused in ${figures}`);
      expect(outcome, name).toEqual({ ok: false, message });
      // Refused from the header or the text: no decode, no encode.
      expect(performance.now() - started, `${name}: ${figures}`).toBeLessThan(1_000);
    }
    expect(dimensionsProblem({ width: 1000, height: 59_999 })).toContain("1,000 × 59,999 pixels");
    expect(await storedCounts()).toEqual({ media: 0, variants: 0 });
  });

  it("ADR 025: processes a few images at a time and refuses the rest as busy, not queued without end", async () => {
    const photos = await Promise.all(
      Array.from({ length: 14 }, (_, index) =>
        sidewaysPhoneJpeg({ width: 600 + index * 8, height: 400 }),
      ),
    );
    const outcomes = await Promise.all(
      photos.map((bytes) => storeUpload({ bytes, kind: "photo", fileName: "team.jpg" })),
    );
    const busy = outcomes.filter((outcome) => !outcome.ok);
    expect(busy.length).toBeGreaterThan(0);
    for (const outcome of busy)
      expect(outcome).toEqual({ ok: false, message: MEDIA_MESSAGES.busy });
    expect(outcomes.filter((outcome) => outcome.ok).length).toBeGreaterThanOrEqual(10);
  });

  it("lists uploads with where they are used and the total size; refuses to delete one in use", async () => {
    const used = await storeUpload({
      bytes: await plainImage({ width: 640, height: 360, format: "jpeg" }),
      kind: "photo",
      fileName: "final.jpg",
    });
    const unused = await storeUpload({
      bytes: await plainImage({ width: 320, height: 180, format: "jpeg" }),
      kind: "photo",
      fileName: "spare.jpg",
    });
    if (!used.ok || !unused.ok) throw new Error("refused");
    const [item] = await db()
      .insert(news)
      .values(buildNews({ title: "Cup final", image: used.media.url }))
      .returning();
    const library = await listMedia();
    expect(
      library.items.map((entry) => [entry.fileName, entry.uses.map((use) => use.label)]),
    ).toEqual(
      expect.arrayContaining([
        ["final.jpg", ["News: Cup final"]],
        ["spare.jpg", []],
      ]),
    );
    expect(library.totalBytes).toBe(
      library.items.reduce((sum, entry) => sum + entry.storedBytes, 0),
    );
    expect(library.totalBytes).toBeGreaterThan(0);

    expect(await deleteMedia({ id: used.media.id })).toEqual({
      deleted: false,
      fileName: "final.jpg",
      description: "",
      uses: [{ label: "News: Cup final", href: `/admin/news?edit=${item?.id}` }],
    });
    expect(await deleteMedia({ id: unused.media.id })).toEqual({
      deleted: true,
      fileName: "spare.jpg",
      token: expect.any(String),
    });
    expect(await readVariant({ hash: unused.media.hash, width: 320, format: "jpeg" })).toBeNull();
    const left = await db().select({ id: mediaVariants.mediaId }).from(mediaVariants);
    expect(new Set(left.map((row) => row.id))).toEqual(new Set([used.media.id]));
  });
});

// A delete and a change that chose the same upload, at the same time (deleteMedia, holdMedia).
/** A step one side waits for (`reached`) until the other says so (`reach`). */
function step(): { reach: () => void; reached: Promise<void> } {
  let reach = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  return { reach, reached };
}

/** Long enough for a delete started now to reach the lock it waits on. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describeWithDatabases("deleting an upload while a change names it", ({ db }) => {
  beforeEach(async () => {
    await db().delete(news);
    await db().delete(media);
  });

  /** A photo of its own size (each size is another file), stored. */
  async function upload(width: number, fileName?: string) {
    const stored = await storeUpload({
      bytes: await plainImage({ width, height: 180, format: "jpeg" }),
      kind: "photo",
      fileName,
    });
    if (!stored.ok) throw new Error(stored.message);
    return stored;
  }

  it("a delete waits for a change that holds the upload, then sees it used and keeps it", async () => {
    const stored = await upload(320, "chosen.jpg");
    const held = step();
    const write = step();
    // A news save that chose this upload: it holds it, then is slow to write.
    const change = db().transaction((tx) =>
      withTransactionScope(tx, async () => {
        expect(await holdMedia(mediaHashesIn({ image: stored.media.url }))).toEqual([]);
        held.reach();
        await write.reached;
        await tx.insert(news).values(buildNews({ title: "Chosen", image: stored.media.url }));
      }),
    );
    await held.reached;
    // The delete starts while the change is open (on PostgreSQL it then waits for its lock).
    const deleting = deleteMedia({ id: stored.media.id });
    await settle();
    write.reach();
    await change;
    expect(await deleting).toMatchObject({
      deleted: false,
      uses: [{ label: "News: Chosen" }],
    });
    expect(
      await readVariant({ hash: stored.media.hash, width: 320, format: "jpeg" }),
    ).not.toBeNull();
  });

  it("an Undo holds the uploads its record shows: a delete at the same moment waits, then sees them used", async () => {
    const stored = await upload(340, "back.jpg");
    // A news item with this photo was deleted: kept for Undo, the photo unused meanwhile.
    const item = buildNews({ title: "Back again", image: stored.media.url });
    const token = await db().transaction((tx) =>
      keepDeleted(tx, { entity: "news", recordId: crypto.randomUUID(), data: item }),
    );
    const taken = step();
    const write = step();
    // The Undo takes its snapshot back, then is slow to put the row back.
    const undo = db().transaction(async (tx) => {
      const data = await takeDeleted(tx, { entity: "news", token });
      taken.reach();
      await write.reached;
      await tx.insert(news).values({ ...item, image: String(data?.image) });
    });
    await taken.reached;
    const deleting = deleteMedia({ id: stored.media.id });
    await settle();
    write.reach();
    await undo;
    expect(await deleting).toMatchObject({ deleted: false, uses: [{ label: "News: Back again" }] });
  });

  it("a change that names an upload deleted since is told which ones are gone", async () => {
    const kept = await upload(320);
    const gone = await upload(330);
    expect(await deleteMedia({ id: gone.media.id })).toMatchObject({ deleted: true });
    const bio = `<p><img src="/media/${kept.media.hash}-640.webp" alt="">${gone.media.url}</p>`;
    const named = mediaHashesIn({
      image: gone.media.url,
      bio,
      other: "https://example.org/media/x.jpg",
    });
    expect(new Set(named)).toEqual(new Set([kept.media.hash, gone.media.hash]));
    const missing = await db().transaction((tx) =>
      withTransactionScope(tx, () => holdMedia(named)),
    );
    expect(missing).toEqual([gone.media.hash]);
  });
});
