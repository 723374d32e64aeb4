-- AlterTable
ALTER TABLE "recap_chunks" ADD COLUMN     "attempt" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "jobs" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "run_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL,
    "locked_by" UUID,
    "last_error" TEXT,
    "failed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "jobs_run_at_id_idx" ON "jobs"("run_at", "id");

-- Recaps left in progress by a generation that ran in its request's instance: those silent for 5
-- minutes already read as failed (the rule before the queue) and now are; each of the others gets
-- its generation job (kind and attempts of lib/recaps/generation.ts), that generation counting as
-- its first attempt, and is generated again if it has not finished 5 minutes after its last piece.
UPDATE "recaps" SET "status" = 'failed', "error" = 'The recap''s generation stopped before it finished. Please generate it again.', "updated_at" = CURRENT_TIMESTAMP
  WHERE "status" = 'processing' AND "updated_at" < CURRENT_TIMESTAMP - interval '5 minutes';
INSERT INTO "jobs" ("id", "kind", "payload", "run_at", "attempts", "max_attempts")
  SELECT "id", 'recap.generate', jsonb_build_object('recapId', "id"), "updated_at" + interval '5 minutes', 1, 3
  FROM "recaps" WHERE "status" = 'processing';
