import { describe, expect, it } from "vitest";
import { liveFormSchema } from "./live-event.schema.ts";

// The Live screen's form (ADR 036): what the server accepts from the scorer's phone.

const fixtureId = "6f1c2a4e-9b7d-4c3e-8a21-0d5e4f3b2a19";

describe("the Live screen's form", () => {
  it("asks a goal for us for its scorer, unless it was an own goal", () => {
    expect(liveFormSchema.safeParse({ fixtureId, intent: "goal-us" }).success).toBe(false);
    expect(liveFormSchema.safeParse({ fixtureId, intent: "goal-us", ownGoal: "on" }).success).toBe(
      true,
    );
    expect(
      liveFormSchema.safeParse({ fixtureId, intent: "goal-us", player: "Aoife", minute: "12" })
        .data,
    ).toMatchObject({ player: "Aoife", minute: 12, ownGoal: false });
  });

  it("keeps minutes and penalties in range, and knows only its own intents", () => {
    expect(
      liveFormSchema.safeParse({ fixtureId, intent: "goal-them", minute: "131" }).success,
    ).toBe(false);
    expect(liveFormSchema.safeParse({ fixtureId, intent: "penalties", pensUs: "11" }).success).toBe(
      false,
    );
    expect(liveFormSchema.safeParse({ fixtureId, intent: "delete-everything" }).success).toBe(
      false,
    );
  });

  it("takes the phone's times when they are times, and none otherwise", () => {
    const sent = liveFormSchema.parse({
      fixtureId,
      intent: "half-time",
      happenedAt: "1795860000000",
      sentAt: "1795860005000",
    });
    expect(sent).toMatchObject({ happenedAt: 1795860000000, sentAt: 1795860005000 });
    const junk = liveFormSchema.parse({
      fixtureId,
      intent: "half-time",
      happenedAt: "soon",
      sentAt: "",
    });
    expect(junk.happenedAt).toBeUndefined();
    expect(junk.sentAt).toBeUndefined();
  });
});
