-- The running entries of a workspace, which a report served by the day totals adds from the
-- entries (lib/reports/report.ts): a few rows at most (one per author), read without the rest.
-- Built without holding writes (CONCURRENTLY), which PostgreSQL allows only outside a transaction
-- block: this migration is that one statement, which the migrator sends alone (lib/db/migrate.ts).
-- Should the build fail, it leaves an invalid index: drop it (DROP INDEX CONCURRENTLY) and start
-- the server again.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "worklog_entries_running_idx" ON "worklog_entries"("workspace_id", "recorded_at") WHERE "running_user_id" IS NOT NULL;
