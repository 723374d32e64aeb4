-- CreateTable
CREATE TABLE "oauth_rotated_refresh_tokens" (
    "refresh_token_hash" TEXT NOT NULL,
    "token_id" UUID NOT NULL,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_rotated_refresh_tokens_pkey" PRIMARY KEY ("refresh_token_hash")
);

-- CreateIndex
CREATE INDEX "oauth_rotated_refresh_tokens_token_id_idx" ON "oauth_rotated_refresh_tokens"("token_id");

-- AddForeignKey
ALTER TABLE "oauth_rotated_refresh_tokens" ADD CONSTRAINT "oauth_rotated_refresh_tokens_token_id_fkey" FOREIGN KEY ("token_id") REFERENCES "oauth_tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE;
