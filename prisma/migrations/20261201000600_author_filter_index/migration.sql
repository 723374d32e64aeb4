-- An author's entries in the order of the work, with their project and source (as
-- 20261201000500 for a project's). It replaces the index without them (20261201000900).
-- Built without holding writes (CONCURRENTLY), which PostgreSQL allows only outside a transaction
-- block: this migration is that one statement, which the migrator sends alone (lib/db/migrate.ts).
-- Should the build fail, it leaves an invalid index: drop it (DROP INDEX CONCURRENTLY) and start
-- the server again.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "worklog_entries_workspace_id_user_id_recorded_at_id_project_idx" ON "worklog_entries"("workspace_id", "user_id", "recorded_at" DESC, "id" DESC, "project_id", "source");
