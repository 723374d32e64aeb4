import "server-only";
import { owned, ownerId, type Access } from "@/lib/access/context";
import type { Transaction } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { remoteIdentity } from "@/lib/repositories/remote-identity";
import { repositoryNameSchema } from "@/lib/repositories/schemas";
import { maxLengthOf, shortened } from "@/lib/validation";
import type { ForgeRepository } from "./forge-events";

/** Names tried for a new repository before one with a random part: its path, then the path with its host and a number. */
const NAMED_CANDIDATES = 20;

type Candidate = { id: string; name: string; remoteUrl: string | null };

function matches(candidate: Candidate, identities: Set<string>): boolean {
  const identity = candidate.remoteUrl && remoteIdentity(candidate.remoteUrl);
  return Boolean(identity && identities.has(identity));
}

/**
 * Names the API would take: the path, cut with "…" where it and its suffix would be longer than a
 * name; in a suffix, the host takes half a name at most.
 */
function nameCandidates(repository: ForgeRepository, host: string): string[] {
  const maxName = maxLengthOf(repositoryNameSchema);
  const place = shortened(host, maxName / 2);
  const fit = (suffix: string) => `${shortened(repository.path, maxName - [...suffix].length)}${suffix}`;
  const numbered = Array.from({ length: NAMED_CANDIDATES - 2 }, (_, index) => fit(` (${place} ${index + 2})`));
  return [fit(""), fit(` (${place})`), ...numbered, fit(` (${crypto.randomUUID().slice(0, 8)})`)];
}

/**
 * The account's repository that the forge's repository is: the oldest whose remote names the same
 * host and path as one of the payload's URLs (https, ssh:// or scp-like, with or without `.git`,
 * in any case). Without one, a new repository named by its path (`owner/name`) with its https
 * clone URL as remote; when another repository has that name, a name with the host and a number.
 * Deliveries that create the same repository at once create it once: the unique name makes the
 * later insert find the earlier's row, which it takes when its remote is the same.
 */
export async function findOrCreateRepository(transaction: Transaction, access: Access, repository: ForgeRepository): Promise<string> {
  const identities = new Set(repository.remoteUrls.map(remoteIdentity).filter((identity): identity is string => identity !== null));
  const existing = await transaction.repository.findMany({
    where: { ...owned(access), remoteUrl: { not: null } },
    select: { id: true, name: true, remoteUrl: true },
    orderBy: { id: "asc" },
  });
  const found = existing.find((candidate) => matches(candidate, identities));
  if (found) return found.id;
  const host = remoteIdentity(repository.cloneUrl)!.split("/")[0]!;
  for (const name of nameCandidates(repository, host)) {
    // ON CONFLICT waits for a concurrent insert of the same name to end, then leaves its row be.
    const inserted = await transaction.$queryRaw<{ id: string }[]>`
      INSERT INTO repositories (id, workspace_id, user_id, name, remote_url, default_branch, updated_at)
      VALUES (${newId()}::uuid, ${ownerId(access)}::uuid, ${access.user.id}::uuid, ${name}, ${repository.cloneUrl}, ${repository.defaultBranch}, now())
      ON CONFLICT (workspace_id, name) DO NOTHING RETURNING id`;
    if (inserted[0]) return inserted[0].id;
    const taken = await transaction.repository.findFirst({ where: { ...owned(access), name }, select: { id: true, name: true, remoteUrl: true } });
    if (taken && matches(taken, identities)) return taken.id;
  }
  throw new Error(`no free name for the repository ${repository.path}`);
}
