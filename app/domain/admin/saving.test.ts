import { describe, expect, it } from "vitest";
import { savingText, uploadNoun } from "./saving.ts";

describe("savingText (rules §2 Admin screens in common)", () => {
  it("says 'Saving…' without a file, and the upload's share in steps of ten with one", () => {
    expect(savingText({ progress: null, noun: null })).toBe("Saving…");
    expect(savingText({ progress: { loaded: 5, total: 10 }, noun: null })).toBe("Saving…");
    expect(savingText({ progress: { loaded: 0, total: 0 }, noun: "photo" })).toBe("Saving…");
    expect(savingText({ progress: { loaded: 0, total: 100 }, noun: "photo" })).toBe(
      "Saving… uploading photo 0 %",
    );
    expect(savingText({ progress: { loaded: 69, total: 100 }, noun: "photo" })).toBe(
      "Saving… uploading photo 60 %",
    );
    expect(savingText({ progress: { loaded: 999, total: 1000 }, noun: "logo" })).toBe(
      "Saving… uploading logo 90 %",
    );
  });

  it("says the file was sent while the server stores it", () => {
    expect(savingText({ progress: { loaded: 100, total: 100 }, noun: "photo" })).toBe(
      "Saving… photo sent, the server is storing it",
    );
  });
});

describe("uploadNoun", () => {
  it("names one file by its kind and several by their number", () => {
    expect(uploadNoun([])).toBeNull();
    expect(uploadNoun(["logo"])).toBe("logo");
    expect(uploadNoun(["logo", "photo", "photo"])).toBe("3 pictures");
  });
});
