import { afterEach, describe, expect, it } from "vitest";
import {
  forgetProcessValues,
  processConstant,
  processValue,
  setProcessValue,
} from "./process-wide.ts";

describe("process-wide values (ADR 022)", () => {
  afterEach(() => forgetProcessValues());

  it("makes a value once and gives the same one after", () => {
    let made = 0;
    const first = processValue("test.value", () => ({ made: ++made }));
    expect(processValue("test.value", () => ({ made: ++made }))).toBe(first);
    expect(made).toBe(1);
  });

  it("makes it again once the values are forgotten; a replaced one is given as set", () => {
    const first = processValue("test.value", () => ({}));
    forgetProcessValues();
    expect(processValue("test.value", () => ({}))).not.toBe(first);
    setProcessValue("test.value", "set");
    expect(processValue("test.value", () => "made")).toBe("set");
  });

  it("keeps constants when the values are forgotten", () => {
    const key = processConstant("test.constant", () => ({}));
    forgetProcessValues();
    expect(processConstant("test.constant", () => ({}))).toBe(key);
  });
});
