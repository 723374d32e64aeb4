import { randomBase62 } from "@/lib/crypto";
import { getDb } from "@/lib/db/client";
import type { NewClient } from "./schemas";

/** Public client ids look like the stock CLI's: 22 base62 characters. */
const CLIENT_ID_LENGTH = 22;
const SECONDS_PER_DAY = 86_400;

export function createOAuthClient(input: NewClient) {
  return getDb().oAuthClient.create({
    data: {
      id: randomBase62(CLIENT_ID_LENGTH),
      name: input.name,
      redirectUri: input.redirect_uri ?? null,
      accessTokenTtlSeconds: input.ttl_days * SECONDS_PER_DAY,
    },
  });
}
