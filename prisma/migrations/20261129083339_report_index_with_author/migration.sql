-- The report's covering index also holds the author (user_id): a report by author, or one a
-- member reads under entries_visible_to: admins, is read from the index alone, as by project.

-- DropIndex
DROP INDEX "worklog_entries_workspace_id_recorded_at_id_project_id_dura_idx";

-- CreateIndex
CREATE INDEX "worklog_entries_workspace_id_recorded_at_id_project_id_dura_idx" ON "worklog_entries"("workspace_id", "recorded_at" DESC, "id" DESC, "project_id", "duration_seconds", "commit_count", "source", "running_user_id", "user_id");
