-- The index of an author's entries without their project and source, which 20261201000600 replaces.
-- Dropped without holding writes (CONCURRENTLY, one statement alone, as the index that replaces it
-- was built: 20261201000500 to 20261201000700).
DROP INDEX CONCURRENTLY IF EXISTS "worklog_entries_workspace_id_user_id_recorded_at_id_idx";
