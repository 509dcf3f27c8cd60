// The time zones Club details accepts (ADR 013): the engine's own IANA list. Kept apart from
// runtime.ts, which every public page loads, since only the admin form and the schema need it.

/** An IANA time zone this JavaScript engine knows (the list Club details offers). */
export function isTimeZone(value: string): boolean {
  return value === "UTC" || timeZoneList().includes(value);
}

let zones: readonly string[] | undefined;
/** The IANA time zones the select offers, from the engine's own list. */
export function timeZoneList(): readonly string[] {
  zones ??= Intl.supportedValuesOf("timeZone");
  return zones;
}
