-- CreateEnum
CREATE TYPE "EntrySource" AS ENUM ('web', 'api', 'cli', 'mcp');

-- AlterTable
ALTER TABLE "worklog_entries" ADD COLUMN     "source" "EntrySource" NOT NULL DEFAULT 'api';

-- CreateIndex
CREATE INDEX "worklog_entries_user_id_source_recorded_at_id_idx" ON "worklog_entries"("user_id", "source", "recorded_at" DESC, "id" DESC);
