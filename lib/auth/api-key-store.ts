import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { displayPrefix, generateApiKey, sha256Hex } from "./api-keys";
import { InvalidScopesError, normalizeScopes } from "./scopes";

export const apiKeyNameSchema = z.string().trim().min(1).max(100);

/** Creates a key; the returned `key` is the only time its value exists outside the caller. */
export async function createApiKey(userId: string, input: { name: string; scopes: readonly string[] }) {
  const name = parseInput(apiKeyNameSchema, input.name);
  let scopes: string[];
  try {
    scopes = normalizeScopes(input.scopes);
  } catch (error) {
    if (error instanceof InvalidScopesError) throw new AppError("validation", error.message, { issues: [{ pointer: "/scopes", detail: "Invalid value" }] });
    throw error;
  }
  const key = generateApiKey();
  const record = await getDb().apiKey.create({
    data: { userId, name, scopes, prefix: displayPrefix(key), hashedKey: sha256Hex(key) },
    select: { id: true, name: true, prefix: true, scopes: true, insertedAt: true },
  });
  return { ...record, key };
}

export function listApiKeys(userId: string) {
  return getDb().apiKey.findMany({
    where: { userId, revokedAt: null },
    orderBy: { id: "desc" },
    select: { id: true, name: true, prefix: true, scopes: true, insertedAt: true, lastUsedAt: true },
  });
}

/** Revokes the account's live keys matching `where`; revocation is seen by the very next request. */
async function revoke(userId: string, where: { id: string } | { prefix: string }) {
  const { count } = await getDb().apiKey.updateMany({ where: { userId, revokedAt: null, ...where }, data: { revokedAt: new Date() } });
  if (count === 0) throw AppError.notFound();
  return count;
}

export function revokeApiKey(userId: string, id: string) {
  return revoke(userId, { id });
}

export function revokeApiKeysByPrefix(userId: string, prefix: string) {
  return revoke(userId, { prefix });
}
