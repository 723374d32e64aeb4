-- CreateTable
CREATE TABLE "recap_shares" (
    "id" UUID NOT NULL,
    "recap_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "recap_shares_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "recap_shares_recap_id_key" ON "recap_shares"("recap_id");

-- CreateIndex
CREATE UNIQUE INDEX "recap_shares_token_hash_key" ON "recap_shares"("token_hash");

-- CreateIndex
CREATE INDEX "recap_shares_user_id_idx" ON "recap_shares"("user_id");

-- AddForeignKey
ALTER TABLE "recap_shares" ADD CONSTRAINT "recap_shares_recap_id_fkey" FOREIGN KEY ("recap_id") REFERENCES "recaps"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recap_shares" ADD CONSTRAINT "recap_shares_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A recap's link and its views are part of what the account's reads answer (GET
-- /api/v1/worklog/recaps/{id}/share, docs/api.md "Share links"): a link made, replaced, revoked
-- or opened moves the account's change sequence on, so that the ETag of that read changes
-- (docs/api.md, "Conditional reads"). worklog_suggestions_changed() moves on the sequence of
-- the accounts of the changed rows, whatever their table. A link is deleted only with its recap
-- or its account, whose own triggers move the sequence on.
CREATE TRIGGER recap_shares_inserted AFTER INSERT ON recap_shares REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
CREATE TRIGGER recap_shares_updated AFTER UPDATE ON recap_shares REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
