import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { clubEvents, venues } from "../../db/schema.ts";
import { forgetClub } from "../club/club.server.ts";
import type { ClubEventValues } from "./event.schema.ts";
import {
  createEvent,
  getEvent,
  listUpcomingEvents,
  removeEvent,
  restoreEvent,
  updateEvent,
} from "./events.server.ts";
import { calendarClubEvents, eventsPage, nextTasterSessions } from "./events-page.server.ts";

// The club's events (ADR 031) and the pages made of them, on both databases.

const now = new Date("2026-06-01T12:00:00Z");
const at = (iso: string) => new Date(iso);
const event = (over: Partial<ClubEventValues> = {}): ClubEventValues => ({
  kind: "training",
  title: "Training",
  startsAt: at("2026-06-03T18:00:00Z"),
  endsAt: at("2026-06-03T20:00:00Z"),
  venueId: null,
  notes: "",
  bookingUrl: null,
  ...over,
});

describeWithDatabases("club events (ADR 031)", ({ db }) => {
  beforeEach(async () => {
    await db().delete(clubEvents);
    forgetClub();
  });

  it("lists what is not over, soonest first, and one kind when asked", async () => {
    await createEvent({
      values: event({ title: "Past", startsAt: at("2026-05-01T18:00:00Z"), endsAt: null }),
    });
    await createEvent({
      values: event({
        title: "Later taster",
        kind: "taster",
        startsAt: at("2026-06-10T09:00:00Z"),
        endsAt: null,
      }),
    });
    await createEvent({ values: event({ title: "Soon" }) });
    const upcoming = await listUpcomingEvents({ now });
    expect(upcoming.map((row) => row.title)).toEqual(["Soon", "Later taster"]);
    expect((await listUpcomingEvents({ now, kind: "taster" })).map((row) => row.title)).toEqual([
      "Later taster",
    ]);
    expect((await nextTasterSessions({ now })).map((row) => row.title)).toEqual(["Later taster"]);
  });

  it("counts each change for calendars, and puts a deleted event back with Undo", async () => {
    const created = await createEvent({ values: event() });
    const updated = await updateEvent({
      id: created.id,
      values: event({ title: "Training (moved)" }),
    });
    expect(updated?.sequence).toBe(1);
    const removed = await removeEvent({ id: created.id });
    expect(await getEvent({ id: created.id })).toBeNull();
    const restored = await restoreEvent({ token: removed?.token ?? "" });
    expect(restored).toMatchObject({ id: created.id, title: "Training (moved)", sequence: 2 });
    expect(
      await updateEvent({ id: "00000000-0000-4000-8000-000000000000", values: event() }),
    ).toBeNull();
  });

  it("names the venue and links its page on the calendar page and in the feed", async () => {
    const [venue] = await db().select().from(venues).where(eq(venues.name, "UL Arena"));
    await createEvent({
      values: event({
        kind: "taster",
        title: "Taster",
        venueId: venue?.id ?? null,
        notes: "Chairs to borrow",
      }),
    });
    const page = await eventsPage({ now });
    expect(page.events).toMatchObject([
      {
        title: "Taster",
        kindLabel: "Taster session",
        venue: { name: "UL Arena", path: "/venues/ul-arena" },
        when: "Wed 3 Jun 2026, 19:00–21:00",
      },
    ]);
    expect(page.calendar.download).toBe("/fixtures/calendar.ics");
    const [feed] = await calendarClubEvents();
    expect(feed).toMatchObject({
      title: "Taster",
      location: "UL Arena",
      kindLabel: "Taster session",
    });
    expect(feed?.url).toMatch(/\/events$/);
  });
});
