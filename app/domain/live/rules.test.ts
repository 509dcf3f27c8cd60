import { describe, expect, it } from "vitest";
import {
  allowedKinds,
  bannerText,
  clockText,
  correctedTime,
  inPlayOrder,
  type LiveEvent,
  liveState,
  matchMinute,
  resultOf,
} from "./rules.ts";

const names = { us: "Storm", them: "Belfast" };
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 28, 14, 0) + minutes * 60_000);
let seq = 0;
const event = (kind: LiveEvent["kind"], minutes: number, extra: Partial<LiveEvent> = {}) => ({
  seq: ++seq,
  kind,
  happenedAt: at(minutes),
  ...extra,
});

describe("match clock", () => {
  it("counts the first minute as 1' and adds the halves before", () => {
    const start = at(0).getTime();
    expect(matchMinute({ periodStartedAt: start, periodOffset: 0, now: start })).toBe(1);
    expect(matchMinute({ periodStartedAt: start, periodOffset: 0, now: start + 59_999 })).toBe(1);
    expect(matchMinute({ periodStartedAt: start, periodOffset: 0, now: start + 60_000 })).toBe(2);
    expect(matchMinute({ periodStartedAt: start, periodOffset: 20, now: start + 600_000 })).toBe(
      31,
    );
    expect(matchMinute({ periodStartedAt: null, periodOffset: 0, now: start })).toBeNull();
  });

  it("shows HT and FT, and runs from the server's kick-off", () => {
    const state = liveState([event("kick-off", 0), event("half-time", 21)], names);
    expect(clockText(state, at(25).getTime())).toBe("HT");
    const second = liveState(
      [event("kick-off", 0), event("half-time", 21), event("second-half", 30)],
      names,
    );
    expect(clockText(second, at(40).getTime())).toBe("31'");
  });
});

describe("ordering by the phone's corrected clock", () => {
  it("adds the phone's offset measured at the send", () => {
    const receivedAt = new Date(at(10).getTime());
    // The phone's clock is 2 minutes slow: it said it was 14:08 when the server had 14:10.
    const sentAt = at(8).getTime();
    const happened = at(3).getTime(); // 14:03 on the phone: 14:05 in server time
    expect(correctedTime({ happenedAt: happened, sentAt, receivedAt })).toEqual(at(5));
  });

  it("uses the server's time without the phone's, or with a broken clock", () => {
    const receivedAt = at(10);
    expect(correctedTime({ happenedAt: null, sentAt: null, receivedAt })).toEqual(receivedAt);
    expect(
      correctedTime({ happenedAt: 0, sentAt: 1, receivedAt }), // 1970: a phone without a clock
    ).toEqual(receivedAt);
  });

  it("orders events by when they happened, not when they arrived", () => {
    // The goal was kept offline and arrived after half-time, but happened before it.
    const events = [
      event("kick-off", 0),
      event("half-time", 21),
      event("goal-us", 12, { player: "Aoife" }),
    ];
    expect(inPlayOrder(events).map((e) => e.kind)).toEqual(["kick-off", "goal-us", "half-time"]);
    expect(liveState(events, names).timeline.map((e) => e.kind)).toEqual([
      "kick-off",
      "goal-us",
      "half-time",
    ]);
  });
});

describe("state from events", () => {
  it("counts the goals, follows the phases and leaves undone events out", () => {
    const goal = event("goal-us", 5, { player: "Aoife", minute: 6 });
    const state = liveState(
      [
        event("kick-off", 0),
        goal,
        event("goal-them", 9, { minute: 10 }),
        event("goal-us", 11, { player: "Ciara", minute: 12 }),
        event("undo", 11.5, { undoes: goal.seq }),
      ],
      names,
    );
    expect(state).toMatchObject({ phase: "first-half", us: 1, them: 1 });
    expect(state.timeline.map((e) => e.text)).toEqual([
      "Kick-off",
      "Goal for Belfast (10')",
      "Goal for Storm: Ciara (12')",
    ]);
    expect(bannerText(state, names, at(30).getTime())).toBe("LIVE · Storm 1–1 Belfast · 31'");
  });

  it("offers extra time and penalties only in a cup match", () => {
    expect(allowedKinds({ phase: "second-half", cup: false })).not.toContain("penalties");
    expect(allowedKinds({ phase: "second-half", cup: true })).toContain("extra-time");
    expect(allowedKinds({ phase: "full-time", cup: true })).toEqual([]);
  });

  it("makes the result: score, scorers with minutes, own goals, penalties when level, cards", () => {
    const events = [
      event("kick-off", 0),
      event("goal-us", 5, { player: "Aoife", minute: 6 }),
      event("goal-us", 8, { ownGoal: true, minute: 9 }),
      event("goal-them", 9, { minute: 10 }),
      event("goal-them", 30, { minute: 31 }),
      event("card", 31, { player: "Ciara", card: "yellow" }),
      event("penalties", 60, { pensUs: 3, pensThem: 2 }),
      event("full-time", 61),
    ];
    expect(resultOf(events, { ownGoalName: "Own Goal" })).toEqual({
      homeScore: 2,
      awayScore: 2,
      pensHome: 3,
      pensAway: 2,
      scorers: [
        { name: "Aoife", minute: 6 },
        { name: "Own Goal", minute: 9 },
      ],
      cards: [{ name: "Ciara", yellowCards: 1, redCards: 0 }],
    });
  });
});
