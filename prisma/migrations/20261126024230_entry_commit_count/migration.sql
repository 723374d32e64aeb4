-- AlterTable
ALTER TABLE "worklog_entries" ADD COLUMN     "commit_count" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex: the order of the lists, followed by what a report adds up, so that a report reads
-- the index alone (lib/reports/report.ts). Made before the index it replaces is dropped.
CREATE INDEX "worklog_entries_user_id_recorded_at_id_project_id_duration__idx" ON "worklog_entries"("user_id", "recorded_at" DESC, "id" DESC, "project_id", "duration_seconds", "commit_count", "source", "running_user_id");

-- DropIndex
DROP INDEX "worklog_entries_user_id_recorded_at_id_idx";

-- The attachments' trigger (migration 20261123190436_incremental_sync) counts the entry's commits
-- again as it moves its updated_at on: the rows it locks are the same as before.
CREATE OR REPLACE FUNCTION worklog_attachments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE worklog_entries e SET updated_at = CURRENT_TIMESTAMP,
    commit_count = (SELECT count(*) FROM worklog_entry_commits l WHERE l.entry_id = e.id)
    FROM (SELECT DISTINCT entry_id FROM changed_rows) a WHERE e.id = a.entry_id;
  RETURN NULL;
END $$;

-- The counts of the entries that have commits now. Nothing an entry answers changes, so neither
-- its updated_at nor the account's change sequence moves: their triggers wait meanwhile.
ALTER TABLE "worklog_entries" DISABLE TRIGGER "worklog_entries_stamped", DISABLE TRIGGER "worklog_entries_updated";
UPDATE "worklog_entries" e SET "commit_count" = a.n
  FROM (SELECT "entry_id", count(*)::int AS n FROM "worklog_entry_commits" GROUP BY "entry_id") a WHERE e."id" = a."entry_id";
ALTER TABLE "worklog_entries" ENABLE TRIGGER "worklog_entries_stamped", ENABLE TRIGGER "worklog_entries_updated";
