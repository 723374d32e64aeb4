-- A source's entries in the order of the work, with their project and author (as
-- 20261201000500 for a project's). It replaces the index without them (20261201001000).
-- Built without holding writes (CONCURRENTLY), which PostgreSQL allows only outside a transaction
-- block: this migration is that one statement, which the migrator sends alone (lib/db/migrate.ts).
-- Should the build fail, it leaves an invalid index: drop it (DROP INDEX CONCURRENTLY) and start
-- the server again.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "worklog_entries_workspace_id_source_recorded_at_id_project__idx" ON "worklog_entries"("workspace_id", "source", "recorded_at" DESC, "id" DESC, "project_id", "user_id");
