import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

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

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether an `Authorization` header is `Bearer <secret>`, compared in constant time (of the
 * digests, so that the secret's length does not show either). No secret configured: never.
 */
export function isBearerOf(authorization: string | null, secret: string | undefined): boolean {
  return secret !== undefined && timingSafeEqual(digest(authorization ?? ""), digest(`Bearer ${secret}`));
}
