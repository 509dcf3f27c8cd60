import { describe, expect, it } from "vitest";
import { EVENT_MESSAGES, eventFormSchema } from "./event.schema.ts";
import { eventWhenText, upcomingEvents } from "./rules.ts";

const timeZone = "Europe/Dublin";

describe("club events (rules §2 Club calendar)", () => {
  it("lists what is still to come or going on, soonest first", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    const events = [
      { id: "later", startsAt: new Date("2026-03-20T10:00:00Z"), endsAt: null },
      { id: "past", startsAt: new Date("2026-03-01T10:00:00Z"), endsAt: null },
      {
        id: "now",
        startsAt: new Date("2026-03-10T11:00:00Z"),
        endsAt: new Date("2026-03-10T13:00:00Z"),
      },
    ];
    expect(upcomingEvents({ events, now }).map((event) => event.id)).toEqual(["now", "later"]);
  });

  it("says when in the club's zone", () => {
    const event = {
      startsAt: new Date("2026-07-04T09:00:00Z"),
      endsAt: new Date("2026-07-04T11:00:00Z"),
    };
    expect(eventWhenText({ event, timeZone })).toBe("Sat 4 Jul 2026, 10:00–12:00");
  });
});

describe("eventFormSchema (ADR 031)", () => {
  const schema = eventFormSchema({ timeZone });
  it("turns the club's day and times into instants", () => {
    const { values } = schema.parse({
      title: "Taster",
      kind: "taster",
      date: "2026-07-04",
      startTime: "10:00",
      endTime: "12:00",
    });
    expect(values.startsAt.toISOString()).toBe("2026-07-04T09:00:00.000Z");
    expect(values.endsAt?.toISOString()).toBe("2026-07-04T11:00:00.000Z");
    expect(values.venueId).toBeNull();
  });

  it("refuses an end before the start and a booking link that is not https", () => {
    const result = schema.safeParse({
      title: "AGM",
      kind: "agm",
      date: "2026-07-04",
      startTime: "20:00",
      endTime: "19:00",
      bookingUrl: "http://x.example",
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining([EVENT_MESSAGES.bookingUrl]));
  });
});
