import { adminSocketPath, serveAdminCommands } from "@/lib/admin/socket";
import { ConfigError, getAuthSecret, getConfig } from "@/lib/config";
import { getConnection } from "@/lib/db/connection";
import { applyPendingMigrations } from "@/lib/db/migrate";
import { appJobKinds } from "@/lib/jobs/kinds";
import { startJobWorker } from "@/lib/jobs/worker";
import { startScheduleScanner } from "@/lib/schedules/scanner";
import { stopCleanlyOnSignals } from "./stop";

export async function startServer(): Promise<void> {
  try {
    const config = getConfig();
    getAuthSecret();
    const connection = getConnection();
    const applied = await applyPendingMigrations(connection);
    const where = connection.kind === "pglite" ? `embedded database in ${connection.dataDir}` : "PostgreSQL";
    console.log(`[worklog] ${where}: ${applied.length ? `applied ${applied.join(", ")}` : "schema up to date"}`);
    if (connection.kind === "pglite") serveAdminCommands(adminSocketPath(connection.dataDir));
    // On Vercel nothing runs between requests: the cron route runs due jobs (README, "Background jobs").
    if (config.jobs.worker && !config.onVercel) {
      startJobWorker({ kinds: appJobKinds, ...config.jobs });
      startScheduleScanner();
    }
    stopCleanlyOnSignals();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    console.error("[worklog] could not start; see above.");
    process.exit(1);
  }
}
