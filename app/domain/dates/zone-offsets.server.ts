import { zoneFormat } from "./format.ts";
import type { ZoneOffsets } from "./zone-offsets.ts";

const DAY = 86_400_000;
const MINUTE = 60_000;
const formats = new Map<string, Intl.DateTimeFormat>();
const tables = new Map<string, ZoneOffsets>();

/** Minutes east of UTC in `zone` at `time` (whole minutes, as format.ts shows them). */
function offsetAt(zone: string, time: number): number {
  let format = formats.get(zone);
  if (!format) {
    format = zoneFormat(zone);
    formats.set(zone, format);
  }
  const at = Math.floor(time / MINUTE) * MINUTE;
  const parts = format.formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return Math.round((wall - at) / MINUTE);
}

/**
 * The UTC offsets of `zone` from `years` before `now` until `years` after (ADR 008), from Intl
 * itself, so the browser's dates match the server's. Kept per zone and day.
 */
export function zoneOffsetsAround({
  zone,
  now = Date.now(),
  years = 2,
}: {
  zone: string;
  now?: number;
  years?: number;
}): ZoneOffsets {
  const start = Math.floor(now / DAY) * DAY - years * 366 * DAY;
  const until = start + 2 * years * 366 * DAY;
  const key = `${zone} ${start} ${years}`;
  const kept = tables.get(key);
  if (kept) return kept;
  const table: ZoneOffsets = { zone, from: [start], offset: [offsetAt(zone, start)], until };
  let before = table.offset[0];
  for (let day = start; day < until; day += DAY) {
    const next = Math.min(day + DAY, until);
    const after = offsetAt(zone, next);
    if (after === before) continue;
    before = after;
    // The change is in this day: find its first minute.
    let low = day;
    let high = next;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (offsetAt(zone, middle) === offsetAt(zone, day)) low = middle;
      else high = middle;
    }
    table.from.push(high);
    table.offset.push(offsetAt(zone, high));
  }
  if (tables.size > 20) tables.clear();
  tables.set(key, table);
  return table;
}
