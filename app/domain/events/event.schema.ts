import { z } from "zod";
import { clubTimeInstants, fromClubDateTime } from "../dates/club-time.ts";
import { clubDates, isCalendarDay } from "../dates/format.ts";
import { plainText } from "../forms/plain-text.ts";
import { type ClubEventKind, EVENT_KINDS } from "./rules.ts";

// The club event form (ADR 031, rules §2 Manage Events): one schema for the browser (Conform)
// and the server (ADR 003). The day and times are entered in the club's time zone and stored
// as instants (decisions 5).

const EVENT_LIMITS = { titleMax: 120, notesMax: 2000, urlMax: 500 } as const;

export const EVENT_MESSAGES = {
  titleRequired: "Enter the event's title.",
  titleTooLong: `Keep the title under ${EVENT_LIMITS.titleMax} characters.`,
  kindRequired: "Choose what kind of event it is.",
  dateRequired: "Enter the day of the event.",
  startRequired: "Enter the time it starts, like 19:30.",
  endInvalid: "Enter the time it ends, like 21:00, or leave it empty.",
  endBeforeStart: "The end must be after the start.",
  timeMissing: "That time does not exist on this day (the clocks go forward): choose another.",
  venueInvalid: "Choose a venue from the list, or none.",
  notesTooLong: `Keep the notes under ${EVENT_LIMITS.notesMax} characters.`,
  bookingUrl: "Enter a booking link starting with https://, or leave it empty.",
} as const;

const M = EVENT_MESSAGES;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const eventFormFields = z.object({
  id: z.uuid().optional(),
  title: plainText({ error: M.titleRequired })
    .min(1, M.titleRequired)
    .max(EVENT_LIMITS.titleMax, M.titleTooLong),
  kind: z.enum(EVENT_KINDS, { error: M.kindRequired }),
  date: z.string({ error: M.dateRequired }).refine(isCalendarDay, M.dateRequired),
  startTime: z.string({ error: M.startRequired }).regex(TIME, M.startRequired),
  endTime: optional(z.string().regex(TIME, M.endInvalid)),
  venueId: optional(z.uuid(M.venueInvalid)),
  notes: optional(plainText({ multiline: true }).max(EVENT_LIMITS.notesMax, M.notesTooLong)),
  bookingUrl: optional(
    plainText()
      .max(EVENT_LIMITS.urlMax, M.bookingUrl)
      .refine((value) => {
        try {
          return new URL(value).protocol === "https:";
        } catch {
          return false;
        }
      }, M.bookingUrl),
  ),
});

export interface ClubEventValues {
  kind: ClubEventKind;
  title: string;
  startsAt: Date;
  endsAt: Date | null;
  venueId: string | null;
  notes: string;
  bookingUrl: string | null;
}

/** The form with the club's time zone: its output is what is stored. */
export function eventFormSchema({ timeZone }: { timeZone: string }) {
  return eventFormFields
    .superRefine((form, context) => {
      if (clubTimeInstants({ day: form.date, time: form.startTime, timeZone }).length === 0) {
        context.addIssue({ code: "custom", path: ["startTime"], message: M.timeMissing });
      }
      if (form.endTime && form.endTime <= form.startTime) {
        context.addIssue({ code: "custom", path: ["endTime"], message: M.endBeforeStart });
      }
    })
    .transform((form) => ({
      id: form.id,
      values: {
        kind: form.kind,
        title: form.title,
        startsAt: fromClubDateTime({ day: form.date, time: form.startTime, timeZone }),
        endsAt: form.endTime
          ? fromClubDateTime({ day: form.date, time: form.endTime, timeZone })
          : null,
        venueId: form.venueId ?? null,
        notes: form.notes ?? "",
        bookingUrl: form.bookingUrl ?? null,
      } satisfies ClubEventValues,
    }));
}

/** The form's values for a stored event, in the club's zone. */
export function eventFormDefaults({
  event,
  timeZone,
}: {
  event: ClubEventValues & { id: string };
  timeZone: string;
}) {
  const { toDateInputValue, toTimeInputValue } = clubDates({ timeZone });
  return {
    id: event.id,
    title: event.title,
    kind: event.kind,
    date: toDateInputValue(event.startsAt),
    startTime: toTimeInputValue(event.startsAt),
    endTime: event.endsAt ? toTimeInputValue(event.endsAt) : "",
    venueId: event.venueId ?? "",
    notes: event.notes,
    bookingUrl: event.bookingUrl ?? "",
  };
}
