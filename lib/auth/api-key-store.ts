import "server-only";
import { credentialWorkspaceId } from "@/lib/access/memberships";
import { getDb } from "@/lib/db/client";
import { AppError, type FieldIssue } from "@/lib/errors";
import { fieldIssues, text } from "@/lib/validation";
import { sha256Hex } from "@/lib/crypto";
import { displayPrefix, generateApiKey } from "./api-keys";
import { InvalidScopesError, normalizeScopes } from "./scopes";

export const apiKeyNameSchema = text(1, 100);

/**
 * Validates a new key's name and scopes together, so that both problems show at once, and
 * normalises the scopes. The error's message explains a scope problem in words.
 */
function validateNewKey(input: { name: string; scopes: readonly string[] }): { name: string; scopes: string[] } {
  const name = apiKeyNameSchema.safeParse(input.name);
  const issues: FieldIssue[] = name.success ? [] : fieldIssues(name.error, input.name).map((issue) => ({ ...issue, pointer: "/name" }));
  let scopes: string[] = [];
  let scopeProblem: string | undefined;
  try {
    scopes = normalizeScopes(input.scopes);
  } catch (error) {
    if (!(error instanceof InvalidScopesError)) throw error;
    scopeProblem = error.message;
    issues.push({ pointer: "/scopes", detail: "Invalid value", message: scopeProblem });
  }
  if (!name.success || scopeProblem) throw new AppError("validation", scopeProblem ?? AppError.validation(issues).message, { issues });
  return { name: name.data, scopes };
}

/**
 * Creates a key of the user in the workspace, which must be one of theirs (their personal one
 * unless given); the returned `key` is the only time its value exists outside the caller.
 */
export async function createApiKey(userId: string, input: { name: string; scopes: readonly string[] }, workspaceId?: string) {
  const { name, scopes } = validateNewKey(input);
  const keyWorkspaceId = await credentialWorkspaceId(userId, workspaceId);
  const key = generateApiKey();
  const record = await getDb().apiKey.create({
    data: { userId, workspaceId: keyWorkspaceId, name, scopes, prefix: displayPrefix(key), hashedKey: sha256Hex(key) },
    select: { id: true, name: true, prefix: true, scopes: true, insertedAt: true },
  });
  return { ...record, key };
}

/** The user's live keys, in every workspace of theirs, each with the name of the workspace it works in. */
export function listApiKeys(userId: string) {
  return getDb().apiKey.findMany({
    where: { userId, revokedAt: null },
    orderBy: { id: "desc" },
    select: { id: true, name: true, prefix: true, scopes: true, insertedAt: true, lastUsedAt: true, workspace: { select: { name: true } } },
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
