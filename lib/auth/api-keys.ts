import { createHash, randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const API_KEY_PREFIX = "wl_";
const RANDOM_LENGTH = 40;
export const DISPLAY_PREFIX_LENGTH = 8;
export const apiKeyPattern = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH}}$`);

/** n base62 characters, without modulo bias (bytes of 248 and above are drawn again). */
export function randomBase62(length: number): string {
  let result = "";
  while (result.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && result.length < length) result += BASE62[byte % 62];
    }
  }
  return result;
}

/** `wl_` and 40 base62 characters: 238 bits of randomness. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBase62(RANDOM_LENGTH);
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}
