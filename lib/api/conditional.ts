import { sha256Hex } from "@/lib/crypto";
import type { Principal } from "@/lib/auth/authenticate";

/**
 * Conditional reads (docs/api.md, "Conditional reads"). A read of the account is tagged without
 * running its queries: every write to the account's data moves its change sequence on in the
 * writing transaction, and the sequence is read with the credential, before the handler reads.
 * The tag also names the account, the workspace and the role there (which entries it reads), the
 * path with its query, and the build (whose response shapes may differ from the last one's).
 */
export function accountReadTag({ user, membership, changeSeq }: Principal, request: Request): string {
  const { pathname, search } = new URL(request.url);
  const digest = sha256Hex([process.env.WORKLOG_BUILD_ID ?? "", user.id, membership.workspace.id, membership.role, changeSeq, pathname + search].join("\n"));
  return `W/"${digest.slice(0, 32)}"`;
}

/** The tag of a read that reads other workspaces than the credential's: the answer's own digest, with what accountReadTag names. */
export function answerReadTag(principal: Principal, request: Request, answer: string): string {
  return accountReadTag({ ...principal, changeSeq: sha256Hex(answer) }, request);
}

/** Whether `If-None-Match` names the tag (weak comparison) or is `*`. */
export function isCached(request: Request, etag: string): boolean {
  const opaque = etag.replace(/^W\//, "");
  const tags = request.headers.get("if-none-match")?.split(",") ?? [];
  return tags.some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === opaque;
  });
}

/** The headers of a tagged read of the account, its 200 and its 304 alike. */
export const accountReadHeaders = (etag: string) => ({ etag, "cache-control": "private, no-cache" });
