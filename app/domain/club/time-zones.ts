// The time zones Club details accepts (ADR 013): the engine's own IANA list. A module of its
// own, so that only the admin form and the schema load it, never a public page.

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
