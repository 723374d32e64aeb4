-- DropIndex
DROP INDEX "commits_user_id_idx";

-- AlterTable
ALTER TABLE "commits" ADD COLUMN     "web_url" TEXT;

-- CreateTable
CREATE TABLE "incoming_hooks" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "last_delivery_at" TIMESTAMPTZ(3),
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "incoming_hooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hook_deliveries" (
    "id" UUID NOT NULL,
    "hook_id" UUID NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "commits_recorded" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pull_request_suggestions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "repository_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "web_url" TEXT,
    "merged_at" TIMESTAMPTZ(3) NOT NULL,
    "merge_sha" TEXT,
    "dismissed_at" TIMESTAMPTZ(3),
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pull_request_suggestions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dismissed_commits" (
    "commit_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "dismissed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dismissed_commits_pkey" PRIMARY KEY ("commit_id")
);

-- CreateIndex
CREATE INDEX "incoming_hooks_user_id_id_idx" ON "incoming_hooks"("user_id", "id" DESC);

-- CreateIndex
CREATE INDEX "hook_deliveries_hook_id_received_at_idx" ON "hook_deliveries"("hook_id", "received_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "hook_deliveries_hook_id_delivery_id_key" ON "hook_deliveries"("hook_id", "delivery_id");

-- CreateIndex
CREATE INDEX "pull_request_suggestions_user_id_merged_at_idx" ON "pull_request_suggestions"("user_id", "merged_at");

-- CreateIndex
CREATE UNIQUE INDEX "pull_request_suggestions_repository_id_number_key" ON "pull_request_suggestions"("repository_id", "number");

-- CreateIndex
CREATE INDEX "dismissed_commits_user_id_idx" ON "dismissed_commits"("user_id");

-- CreateIndex
CREATE INDEX "commits_user_id_committed_at_idx" ON "commits"("user_id", "committed_at");

-- AddForeignKey
ALTER TABLE "incoming_hooks" ADD CONSTRAINT "incoming_hooks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hook_deliveries" ADD CONSTRAINT "hook_deliveries_hook_id_fkey" FOREIGN KEY ("hook_id") REFERENCES "incoming_hooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pull_request_suggestions" ADD CONSTRAINT "pull_request_suggestions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pull_request_suggestions" ADD CONSTRAINT "pull_request_suggestions_repository_id_fkey" FOREIGN KEY ("repository_id") REFERENCES "repositories"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dismissed_commits" ADD CONSTRAINT "dismissed_commits_commit_id_fkey" FOREIGN KEY ("commit_id") REFERENCES "commits"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dismissed_commits" ADD CONSTRAINT "dismissed_commits_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
