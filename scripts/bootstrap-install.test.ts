import { describe, expect, it } from "vitest";
import { INSTALL_ARGS } from "./bootstrap-install.mjs";

describe("the first install (rules §12)", () => {
  it("includes the development tools the build needs, even with NODE_ENV=production", () => {
    expect(INSTALL_ARGS[0]).toBe("install");
    expect(INSTALL_ARGS).toContain("--include=dev");
    expect(INSTALL_ARGS).not.toContain("--omit=dev");
  });
});
