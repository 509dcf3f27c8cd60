import { loadEnv } from "../../config/env.server.ts";
import { getClubTimeZone } from "../club/club.server.ts";
import { backupState } from "./files.server.ts";
import { type DashboardBackup, describeBackup } from "./rules.ts";

/** ADR 027: the Administrators' line about backups on the dashboard. */
export async function dashboardBackup({ now = new Date() } = {}): Promise<DashboardBackup> {
  const state = await backupState({ dir: loadEnv().BACKUP_DIR, now });
  return {
    last: state.newest
      ? describeBackup({
          createdAt: state.newest.createdAt,
          bytes: state.newest.bytes,
          now,
          timeZone: await getClubTimeZone(),
        })
      : null,
    warning: state.warning,
    failure: state.warning === "failed" ? (state.lastFailure?.message ?? null) : null,
  };
}
