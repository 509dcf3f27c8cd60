import type { ClubEventKind } from "./rules.ts";

// An event as the public pages show it (the club calendar, Come and try): a type the
// components may import (they never import *.server.ts; ADR 022).

export interface ClubEventView {
  id: string;
  kind: ClubEventKind;
  kindLabel: string;
  title: string;
  /** ISO instant, for <time dateTime>. */
  startsAt: string;
  /** When, in words, in the club's zone. */
  when: string;
  venue: { name: string; path: string } | null;
  notes: string;
  bookingUrl: string | null;
}
