-- AlterTable
ALTER TABLE "recaps" ADD COLUMN     "sources" JSONB,
ADD COLUMN     "template" TEXT NOT NULL DEFAULT 'summary';

-- Recaps completed before citations cite nothing.
UPDATE "recaps" SET "sources" = '[]' WHERE "status" = 'completed';
