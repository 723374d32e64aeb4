-- CreateIndex
CREATE INDEX "worklog_entries_user_id_idx" ON "worklog_entries"("user_id");
