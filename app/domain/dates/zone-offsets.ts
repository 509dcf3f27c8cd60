// ADR 008: the club's UTC offsets around today, worked out on the server (zone-offsets.server.ts)
// and sent with the root loader's data, so the browser turns the dates a page shows into the
// club's wall clock without Intl.DateTimeFormat: making the first one loads the browser's
// time-zone data, one task of tens of milliseconds on a phone while the page hydrates.
// format.ts uses the table for instants inside it and Intl for anything else.

/** The offsets of one time zone from `from[0]` until `until` (milliseconds since the epoch). */
export interface ZoneOffsets {
  zone: string;
  /** The instants where each offset starts, ascending. */
  from: number[];
  /** The offset (minutes east of UTC) that starts at the same index of `from`. */
  offset: number[];
  until: number;
}

/** The offset in minutes at `time` in `zone`, or undefined when the table does not cover it. */
export function tableOffset(
  table: ZoneOffsets | undefined,
  zone: string,
  time: number,
): number | undefined {
  if (
    !table ||
    table.zone !== zone ||
    !(time >= (table.from[0] ?? Infinity)) ||
    time >= table.until
  )
    return undefined;
  let index = table.from.length - 1;
  while ((table.from[index] ?? 0) > time) index--;
  return table.offset[index];
}
