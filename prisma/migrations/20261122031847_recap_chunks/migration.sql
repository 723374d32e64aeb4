-- CreateTable
CREATE TABLE "recap_chunks" (
    "recap_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "delta" TEXT NOT NULL,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recap_chunks_pkey" PRIMARY KEY ("recap_id","seq")
);

-- AddForeignKey
ALTER TABLE "recap_chunks" ADD CONSTRAINT "recap_chunks_recap_id_fkey" FOREIGN KEY ("recap_id") REFERENCES "recaps"("id") ON DELETE CASCADE ON UPDATE CASCADE;
