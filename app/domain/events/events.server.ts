import { and, asc, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { db } from "../../db/database.server.ts";
import { type ClubEventKind, clubEvents } from "../../db/schema.ts";
import { keepDeleted, snapshotDate, takeDeleted } from "../undo/undo.server.ts";
import type { ClubEventValues } from "./event.schema.ts";
import { DEFAULT_EVENT_MINUTES } from "./rules.ts";

// The club's events (ADR 031): the only code touching the club_events table. Writes keep
// an iCalendar SEQUENCE (one more per change), a delete is kept for Undo (decisions 17).

export type ClubEvent = typeof clubEvents.$inferSelect;
const ENTITY = "club_event";

/** Every event, the latest first (the admin's list). */
export async function listEvents(): Promise<ClubEvent[]> {
  return db().select().from(clubEvents).orderBy(desc(clubEvents.startsAt), desc(clubEvents.id));
}

/**
 * The events not over at `now` (an event without an end lasts the default length), soonest
 * first; only of one kind when given, at most `limit`.
 */
export async function listUpcomingEvents({
  now,
  kind,
  limit,
}: {
  now: Date;
  kind?: ClubEventKind;
  limit?: number;
}): Promise<ClubEvent[]> {
  const notOver = or(
    gt(clubEvents.endsAt, now),
    and(
      isNull(clubEvents.endsAt),
      gt(clubEvents.startsAt, new Date(now.getTime() - DEFAULT_EVENT_MINUTES * 60_000)),
    ),
  );
  const query = db()
    .select()
    .from(clubEvents)
    .where(kind ? and(notOver, eq(clubEvents.kind, kind)) : notOver)
    .orderBy(asc(clubEvents.startsAt), asc(clubEvents.id));
  return limit === undefined ? query : query.limit(limit);
}

export async function getEvent({ id }: { id: string }): Promise<ClubEvent | null> {
  const [row] = await db().select().from(clubEvents).where(eq(clubEvents.id, id));
  return row ?? null;
}

export async function createEvent({ values }: { values: ClubEventValues }): Promise<ClubEvent> {
  const [row] = await db().insert(clubEvents).values(values).returning();
  if (!row) throw new Error("the event was not stored");
  return row;
}

/** Changes an event (one more SEQUENCE, so calendars replace it); null when it is gone. */
export async function updateEvent({
  id,
  values,
}: {
  id: string;
  values: ClubEventValues;
}): Promise<ClubEvent | null> {
  const [row] = await db()
    .update(clubEvents)
    .set({ ...values, sequence: sql`${clubEvents.sequence} + 1`, updatedAt: new Date() })
    .where(eq(clubEvents.id, id))
    .returning();
  return row ?? null;
}

/** Deletes at once (decisions 17); the event and the Undo token, or null when it did not exist. */
export async function removeEvent({
  id,
}: {
  id: string;
}): Promise<{ event: ClubEvent; token: string } | null> {
  return db().transaction(async (tx) => {
    const [event] = await tx.delete(clubEvents).where(eq(clubEvents.id, id)).returning();
    if (!event) return null;
    return {
      event,
      token: await keepDeleted(tx, { entity: ENTITY, recordId: event.id, data: event }),
    };
  });
}

/** Puts a deleted event back with the same id; null when the Undo expired. */
export async function restoreEvent({ token }: { token: string }): Promise<ClubEvent | null> {
  return db().transaction(async (tx) => {
    const data = await takeDeleted(tx, { entity: ENTITY, token });
    if (!data) return null;
    const startsAt = snapshotDate(data.startsAt);
    if (!startsAt) return null;
    const [row] = await tx
      .insert(clubEvents)
      .values({
        id: String(data.id),
        kind: String(data.kind) as ClubEventKind,
        title: String(data.title),
        startsAt,
        endsAt: snapshotDate(data.endsAt),
        venueId: typeof data.venueId === "string" ? data.venueId : null,
        notes: typeof data.notes === "string" ? data.notes : "",
        bookingUrl: typeof data.bookingUrl === "string" ? data.bookingUrl : null,
        // Calendars that saw it deleted take it back only with a higher SEQUENCE.
        sequence: (typeof data.sequence === "number" ? data.sequence : 0) + 1,
        createdAt: snapshotDate(data.createdAt) ?? new Date(),
        updatedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  });
}
