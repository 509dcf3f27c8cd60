import { describe, expect, it } from "vitest";
import { canQueue, describeChange, OUTBOX_MAX_BATCHES, refusalMessage } from "./outbox.ts";

describe("canQueue", () => {
  it("takes up to 10 pending batches and refuses the 11th", () => {
    expect(OUTBOX_MAX_BATCHES).toBe(10);
    expect(canQueue(0)).toBe(true);
    expect(canQueue(9)).toBe(true);
    expect(canQueue(10)).toBe(false);
    expect(canQueue(11)).toBe(false);
  });
});

describe("describeChange", () => {
  it("names a create, an update and a delete by the screen's label field", () => {
    expect(
      describeChange({
        fields: [
          ["intent", "save"],
          ["title", " Cup final "],
        ],
        labelField: "title",
      }),
    ).toEqual({ kind: "create", label: "Add: “Cup final”" });
    expect(
      describeChange({
        fields: [
          ["id", "1"],
          ["intent", "save"],
          ["name", "Jo"],
        ],
        labelField: "name",
      }),
    ).toEqual({ kind: "update", label: "Update: “Jo”" });
    expect(
      describeChange({
        fields: [
          ["intent", "delete"],
          ["id", "1"],
        ],
        labelField: "title",
      }),
    ).toEqual({ kind: "delete", label: "Delete" });
    expect(describeChange({ fields: [["intent", "undo"]], labelField: "title" })).toEqual({
      kind: "other",
      label: "Change",
    });
  });

  it("never guesses a name from another screen's field", () => {
    // A table row's form has a `team` field, but Fixtures names its records by opponent.
    expect(
      describeChange({
        fields: [
          ["team", "Lions"],
          ["opponent", "Tigers"],
        ],
        labelField: "opponent",
      }),
    ).toEqual({ kind: "create", label: "Add: “Tigers”" });
    expect(describeChange({ fields: [["title", "Cup"]], labelField: undefined })).toEqual({
      kind: "create",
      label: "Add",
    });
  });
});

describe("refusalMessage", () => {
  it("gives the server's own words for a refused change", () => {
    expect(refusalMessage({ kind: "refused", message: "That news item no longer exists." })).toBe(
      "That news item no longer exists.",
    );
    expect(
      refusalMessage({
        status: "error",
        error: { "": ["Nothing was saved."], title: ["Title is required"] },
      }),
    ).toBe("Nothing was saved. title: Title is required");
    expect(
      refusalMessage({
        kind: "invalid",
        submission: { status: "error", error: { name: ["Name is required"] } },
      }),
    ).toBe("name: Name is required");
  });

  it("finds no refusal in a success", () => {
    expect(refusalMessage(undefined)).toBeNull();
    expect(
      refusalMessage({ kind: "deleted", id: "1", message: "x", undo: { token: "t", label: "x" } }),
    ).toBeNull();
    expect(refusalMessage({ kind: "restored", id: "1", message: "“x” restored." })).toBeNull();
    expect(refusalMessage({ kind: "saved", id: "1", message: "Saved.", focus: "row" })).toBeNull();
    expect(refusalMessage({ status: "success" })).toBeNull();
  });
});
