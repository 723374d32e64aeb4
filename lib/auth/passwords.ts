import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

const parameters = { N: 16_384, r: 8, p: 1, keyLength: 64 };

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$<salt>$<hash>`, base64url; the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = parameters;
  const key = await derive(password, salt, { N, r, p }, keyLength);
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), { N: Number(N), r: Number(r), p: Number(p) }, expected.length);
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real verification, so that an unknown email takes as long as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, await (dummyHash ??= hashPassword("dummy password, never matches")));
  return false;
}
