-- Issue references (docs/api.md, "Issue references"): each project's trackers, and each entry's recognised references and their keys.
-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "trackers" JSON NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "worklog_entries" ADD COLUMN     "issue_keys" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "issue_references" JSON NOT NULL DEFAULT '[]';

-- CreateIndex
CREATE INDEX "worklog_entries_issue_keys_idx" ON "worklog_entries" USING GIN ("issue_keys");
