/** A GA4 measurement id looks like 'G-' and letters or digits (anything else is not loaded). */
export function isMeasurementId(value: string): boolean {
  return /^G-[A-Z0-9]{4,20}$/.test(value);
}
