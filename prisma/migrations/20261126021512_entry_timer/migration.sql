-- AlterTable
ALTER TABLE "worklog_entries" ADD COLUMN     "running_user_id" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "worklog_entries_running_user_id_key" ON "worklog_entries"("running_user_id");
