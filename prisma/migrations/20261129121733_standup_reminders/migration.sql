-- Standup reminders (docs/api.md, "Standup reminders"): each membership's time and switch, the day last looked at, and the notice's day.
-- AlterTable
ALTER TABLE "memberships" ADD COLUMN     "remind_at" TEXT,
ADD COLUMN     "remind_checked_on" TEXT,
ADD COLUMN     "remind_notice_on" TEXT,
ADD COLUMN     "remind_standup" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "memberships_remind_standup_idx" ON "memberships"("remind_standup");
