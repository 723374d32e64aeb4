import { createHash, randomBytes } from "node:crypto";

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
