import { createHash, randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const API_KEY_PREFIX = "wl_";
const RANDOM_LENGTH = 40;
export const DISPLAY_PREFIX_LENGTH = 8;
export const apiKeyPattern = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH}}$`);

/** n characters of the alphabet, without modulo bias (bytes past the last whole multiple of its size are drawn again). */
export function randomString(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let result = "";
  while (result.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && result.length < length) result += alphabet[byte % alphabet.length];
    }
  }
  return result;
}

export function randomBase62(length: number): string {
  return randomString(BASE62, length);
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
