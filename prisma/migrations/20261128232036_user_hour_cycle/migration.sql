-- AlterTable
ALTER TABLE "users" ADD COLUMN     "hour_cycle" SMALLINT;
