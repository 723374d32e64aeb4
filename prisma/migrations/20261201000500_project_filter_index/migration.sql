-- A project's entries in the order of the work, with their author and source: the filter by
-- project with a second one on author or source is read from the index alone, its bounded count
-- too (docs/api.md, "Pagination"). It replaces the index without them (20261201000800).
-- Built without holding writes (CONCURRENTLY), which PostgreSQL allows only outside a transaction
-- block: this migration is that one statement, which the migrator sends alone (lib/db/migrate.ts).
-- Should the build fail, it leaves an invalid index: drop it (DROP INDEX CONCURRENTLY) and start
-- the server again.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "worklog_entries_workspace_id_project_id_recorded_at_id_user_idx" ON "worklog_entries"("workspace_id", "project_id", "recorded_at" DESC, "id" DESC, "user_id", "source");
