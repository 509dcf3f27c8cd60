import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildNews } from "../../scripts/factories.ts";
import { describeWithDatabases } from "../../tests/db.ts";
import { forgetProcessValues } from "../config/process-wide.ts";
import { listNewsPage } from "../domain/news/news.server.ts";
import { type Database, getDatabaseHandle, withTransactionScope } from "./database.server.ts";
import { forgetKeptValues, keepUntilChange, keptUntilChange } from "./kept-until-change.server.ts";
import { type ChangeListener, installChangeNoticesOn, listenForChanges } from "./notify.server.ts";
import { news } from "./schema.ts";

/** A read that counts how often it was asked, answering 1, 2, 3… */
function counted() {
  let asked = 0;
  return {
    read: async () => ++asked,
    asked: () => asked,
  };
}

describe("keptUntilChange (ADR 030)", () => {
  afterEach(() => forgetProcessValues());

  it("asks every time while no change notices reach the process", async () => {
    const { read, asked } = counted();
    expect(await keptUntilChange("n", read)).toBe(1);
    expect(await keptUntilChange("n", read)).toBe(2);
    expect(asked()).toBe(2);
  });

  it("once listening, keeps the answer until something changes", async () => {
    keepUntilChange();
    const { read, asked } = counted();
    expect(await keptUntilChange("n", read)).toBe(1);
    expect(await keptUntilChange("n", read)).toBe(1);
    expect(asked()).toBe(1);
    forgetKeptValues();
    expect(await keptUntilChange("n", read)).toBe(2);
    expect(asked()).toBe(2);
  });

  it("asks again after 30 s at the latest (a notice lost on the way)", async () => {
    keepUntilChange();
    const { read } = counted();
    let now = 1_000_000;
    const clock = () => now;
    expect(await keptUntilChange("n", read, clock)).toBe(1);
    now += 29_999;
    expect(await keptUntilChange("n", read, clock)).toBe(1);
    now += 1;
    expect(await keptUntilChange("n", read, clock)).toBe(2);
  });

  it("does not keep an answer read while a change came, nor a failed one", async () => {
    keepUntilChange();
    let release = () => {};
    const slow = keptUntilChange(
      "n",
      () =>
        new Promise<number>((resolve) => {
          release = () => resolve(1);
        }),
    );
    forgetKeptValues();
    release();
    expect(await slow).toBe(1);
    expect(await keptUntilChange("n", async () => 2)).toBe(2);

    await expect(
      keptUntilChange("failing", () => Promise.reject(new Error("no"))),
    ).rejects.toThrow();
    expect(await keptUntilChange("failing", async () => 3)).toBe(3);
  });

  it("asks afresh inside a transaction, which may see its own writes", async () => {
    keepUntilChange();
    expect(await keptUntilChange("n", async () => 1)).toBe(1);
    const inside = await withTransactionScope({} as Database, () =>
      keptUntilChange("n", async () => 2),
    );
    expect(inside).toBe(2);
    expect(await keptUntilChange("n", async () => 3)).toBe(1);
  });
});

describeWithDatabases("the published news count, kept until a change notice", ({ db }) => {
  let listener: ChangeListener | undefined;
  beforeAll(async () => {
    await installChangeNoticesOn(getDatabaseHandle());
    listener = await listenForChanges({
      handle: getDatabaseHandle(),
      logger: { info: () => {}, warn: () => {}, debug: () => {} },
      onChange: () => forgetKeptValues(),
    });
    keepUntilChange();
  });
  afterAll(async () => {
    await listener?.close();
    forgetProcessValues();
  });

  it("shows a new item's page count once its notice has come", async () => {
    await db()
      .insert(news)
      .values(Array.from({ length: 3 }, (_, n) => buildNews({ title: `Item ${n}` })));
    // The insert's own notice may still be on its way: wait for the count to follow it.
    await eventually(async () => (await listNewsPage({ page: 1, pageSize: 2 })).total === 3);
    expect(await listNewsPage({ page: 1, pageSize: 2 })).toMatchObject({ total: 3, pages: 2 });

    await db()
      .insert(news)
      .values(buildNews({ title: "One more" }));
    await eventually(async () => (await listNewsPage({ page: 1, pageSize: 2 })).total === 4);
    await db().delete(news);
    await eventually(async () => (await listNewsPage({ page: 1, pageSize: 2 })).total === 0);
  });
});

// A notice is asynchronous: waits up to 5 s for `check` to hold.
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the count never followed the change");
}
