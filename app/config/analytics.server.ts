import { club } from "./club.ts";
import { loadEnv } from "./env.server.ts";
import { isMeasurementId } from "./measurement-id.ts";

/**
 * The GA4 measurement id in use (decisions 15, rules §4 Cookie consent): ANALYTICS_ID when the deployment
 * sets it, else the one in config/club.ts; "" when there is none, and then nothing loads.
 */
export function analyticsMeasurementId(): string {
  const id = loadEnv().ANALYTICS_ID ?? club.analyticsId;
  return isMeasurementId(id) ? id : "";
}
