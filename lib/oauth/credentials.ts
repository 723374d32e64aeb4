import { createHmac } from "node:crypto";
import { randomBase62, randomString } from "@/lib/crypto";
import { getAuthSecret } from "@/lib/config";

/** Consonants only, so that no code spells a word; no vowels, no Y. */
const USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";
const USER_CODE_LENGTH = 8;
const TOKEN_RANDOM_LENGTH = 40;

export const ACCESS_TOKEN_PREFIX = "wlo_";
export const REFRESH_TOKEN_PREFIX = "wlr_";

/** Eight letters as stored; shown as XXXX-XXXX. */
export function generateUserCode(): string {
  return randomString(USER_CODE_ALPHABET, USER_CODE_LENGTH);
}

export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a person typed, in the stored form: case, dashes and spaces do not matter. */
export function normalizeUserCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}

/**
 * The device code of a grant, derived from its id with the server's secret: only its hash is
 * stored, yet the approval page can still hand it to the client's redirect URI.
 */
export function deviceCodeFor(grantId: string): string {
  return createHmac("sha256", getAuthSecret()).update(`device-code:${grantId}`).digest("base64url");
}

export function generateTokenPair(): { accessToken: string; refreshToken: string } {
  return {
    accessToken: ACCESS_TOKEN_PREFIX + randomBase62(TOKEN_RANDOM_LENGTH),
    refreshToken: REFRESH_TOKEN_PREFIX + randomBase62(TOKEN_RANDOM_LENGTH),
  };
}
