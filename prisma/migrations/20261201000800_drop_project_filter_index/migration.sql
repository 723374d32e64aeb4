-- The index of a project's entries without their author and source, which 20261201000500 replaces.
-- Dropped without holding writes (CONCURRENTLY, one statement alone, as the index that replaces it
-- was built: 20261201000500 to 20261201000700).
DROP INDEX CONCURRENTLY IF EXISTS "worklog_entries_workspace_id_project_id_recorded_at_id_idx";
