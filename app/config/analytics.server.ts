import { loadEnv } from "./env.server.ts";
import { isMeasurementId } from "./measurement-id.ts";

/**
 * The GA4 measurement id in use (decisions 15, rules §4 Cookie consent): ANALYTICS_ID when the deployment
 * sets it, else the club's (Club details in the admin, ADR 013); "" when there is none, and
 * then nothing loads.
 */
export function analyticsMeasurementId(clubAnalyticsId: string): string {
  const id = loadEnv().ANALYTICS_ID ?? clubAnalyticsId;
  return isMeasurementId(id) ? id : "";
}
