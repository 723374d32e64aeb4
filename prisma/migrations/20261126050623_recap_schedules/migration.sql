-- CreateTable
CREATE TABLE "recap_schedules" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "template" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "weekdays" INTEGER[],
    "local_time" TEXT NOT NULL,
    "destination_kind" TEXT NOT NULL,
    "webhook_endpoint_id" UUID,
    "destination_url" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "next_run_at" TIMESTAMPTZ(3),
    "last_run_at" TIMESTAMPTZ(3),
    "last_run_status" TEXT,
    "last_run_error" TEXT,
    "last_recap_id" UUID,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "recap_schedules_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "recap_schedules_user_id_id_idx" ON "recap_schedules"("user_id", "id" DESC);

-- CreateIndex
CREATE INDEX "recap_schedules_next_run_at_idx" ON "recap_schedules"("next_run_at");

-- AddForeignKey
ALTER TABLE "recap_schedules" ADD CONSTRAINT "recap_schedules_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recap_schedules" ADD CONSTRAINT "recap_schedules_webhook_endpoint_id_fkey" FOREIGN KEY ("webhook_endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recap_schedules" ADD CONSTRAINT "recap_schedules_last_recap_id_fkey" FOREIGN KEY ("last_recap_id") REFERENCES "recaps"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A schedule is part of what the account's reads answer (GET /api/v1/recap_schedules, its last
-- run's status included, which the run's job writes): any change moves the account's change
-- sequence on, so that the ETags of those reads change (docs/api.md, "Conditional reads").
CREATE TRIGGER recap_schedules_inserted AFTER INSERT ON recap_schedules REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
CREATE TRIGGER recap_schedules_updated AFTER UPDATE ON recap_schedules REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
CREATE TRIGGER recap_schedules_deleted AFTER DELETE ON recap_schedules REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
