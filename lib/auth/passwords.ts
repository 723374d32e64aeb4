import "server-only";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

const parameters = { N: 16_384, r: 8, p: 1, keyLength: 64 };

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$<salt>$<hash>`, base64url. Only today's parameters verify; a change would need a rehash on sign-in. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = parameters;
  const key = await derive(password, salt, { N, r, p }, keyLength);
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** The parts of a stored hash, or undefined unless it is one that hashPassword makes. */
function parseStored(stored: string) {
  const [scheme, N, r, p, salt, hash, ...rest] = stored.split("$");
  const options = { N: Number(N), r: Number(r), p: Number(p) };
  const valid =
    scheme === "scrypt" &&
    rest.length === 0 &&
    options.N === parameters.N &&
    options.r === parameters.r &&
    options.p === parameters.p &&
    /^[\w-]{16,}$/.test(salt ?? "") &&
    /^[\w-]+$/.test(hash ?? "");
  if (!valid) return undefined;
  const expected = Buffer.from(hash!, "base64url");
  return expected.length === parameters.keyLength ? { options, salt: Buffer.from(salt!, "base64url"), expected } : undefined;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.options, parameters.keyLength);
  return timingSafeEqual(actual, parsed.expected);
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real verification, so that an unknown email takes as long as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, await (dummyHash ??= hashPassword("dummy password, never matches")));
  return false;
}
