import { randomBase62 } from "@/lib/crypto";

export const API_KEY_PREFIX = "wl_";
const RANDOM_LENGTH = 40;
export const DISPLAY_PREFIX_LENGTH = 8;
export const apiKeyPattern = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH}}$`);

/** `wl_` and 40 base62 characters: 238 bits of randomness. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBase62(RANDOM_LENGTH);
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}
