import { ownedAt, ownerId, type Access } from "@/lib/access/context";
import { queryRows } from "@/lib/db/sql";
import { readBodyBytes } from "./body";
import { differentRequest, REPLAYED_HEADER, requestFingerprint, stillRunning } from "./idempotency-key";

// Idempotency-Key on the writes (POST, PUT, DELETE) of /api/v1 (docs/api.md, "Idempotency-Key"): the first answer to
// a key is kept 7 days per account, in idempotency_keys; a row without a status is a request
// still running.

/**
 * A claim whose request has not answered in this long was cut short (its server stopped before
 * it could keep or free the key): the key is free again. Longer than any request may take.
 */
const ABANDONED_CLAIM = "10 minutes";
const KEPT_FOR = "7 days";

/** A claim of a key, told from a later claim of the same key by the time it was made. */
export type Claim = { kind: "claimed"; claimedAt: Date };

export type KeyState = Claim | { kind: "answered"; status: number; body: string } | { kind: "running" } | { kind: "other_request" };

/**
 * Claims the key for this request, or tells what holds it. One statement claims, so that of
 * concurrent identical requests only one runs; a key kept longer than 7 days, or claimed by a
 * request that never answered, counts as free.
 */
export async function claimKey(access: Access, key: string, fingerprint: string): Promise<KeyState> {
  sweepExpiredKeys();
  for (;;) {
    const [claimed] = await queryRows<{ claimedAt: Date }>(
      `INSERT INTO idempotency_keys (workspace_id, user_id, key, fingerprint) VALUES ($1::uuid, $4::uuid, $2, $3)
      ON CONFLICT (workspace_id, user_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, body = NULL, created_at = CURRENT_TIMESTAMP
        WHERE idempotency_keys.created_at < CURRENT_TIMESTAMP - interval '${KEPT_FOR}'
          OR (idempotency_keys.status IS NULL AND idempotency_keys.created_at < CURRENT_TIMESTAMP - interval '${ABANDONED_CLAIM}')
      RETURNING created_at AS "claimedAt"`,
      [ownerId(access), key, fingerprint, access.user.id],
    );
    if (claimed) return { kind: "claimed", claimedAt: claimed.claimedAt };
    const [held] = await queryRows<{ fingerprint: string; status: number | null; body: string | null }>(
      `SELECT fingerprint, status, body FROM idempotency_keys WHERE ${ownedAt("$1")} AND user_id = $3::uuid AND key = $2`,
      [ownerId(access), key, access.user.id],
    );
    // Freed (its request failed with a 5xx) between the two statements: claim again.
    if (!held) continue;
    if (held.fingerprint !== fingerprint) return { kind: "other_request" };
    if (held.status === null) return { kind: "running" };
    return { kind: "answered", status: held.status, body: held.body ?? "" };
  }
}

/**
 * Keeps the answer of the request that claimed the key; a 5xx is not kept: the key is freed, so
 * that a retry runs again. Only the request's own claim is settled: one that answers after its
 * claim was abandoned and the key claimed again leaves the later claim alone.
 */
export async function settleKey(access: Access, key: string, { claimedAt }: Claim, status: number, body: string): Promise<void> {
  const ownClaim = `${ownedAt("$1")} AND user_id = $4::uuid AND key = $2 AND created_at = $3`;
  const claim = [ownerId(access), key, claimedAt, access.user.id];
  if (status >= 500) await queryRows(`DELETE FROM idempotency_keys WHERE ${ownClaim}`, claim);
  else await queryRows(`UPDATE idempotency_keys SET status = $5, body = $6 WHERE ${ownClaim}`, [...claim, status, body]);
}

const SWEEP_INTERVAL_MS = 60_000;
let lastSweep = 0;

/** Deletes the keys kept longer than 7 days, at most once a minute per process, beside a claim. */
function sweepExpiredKeys(): void {
  if (Date.now() - lastSweep < SWEEP_INTERVAL_MS) return;
  lastSweep = Date.now();
  queryRows(`DELETE FROM idempotency_keys WHERE created_at < CURRENT_TIMESTAMP - interval '${KEPT_FOR}'`, []).catch((error: unknown) =>
    console.error("[idempotency] sweeping expired keys failed:", error),
  );
}

/**
 * Answers a POST that carries an Idempotency-Key: the kept answer (with `idempotent-replayed:
 * true`), a 422 for the key of another request, a 409 while the first is running, or `run`'s
 * answer, kept unless it is a 5xx. `run` gets the body's bytes, read here to fingerprint them.
 */
export async function answerOnce(
  access: Access,
  key: string,
  request: Request,
  maxBodyBytes: number | undefined,
  run: (body: Uint8Array) => Promise<Response>,
): Promise<Response> {
  const body = await readBodyBytes(request, maxBodyBytes);
  const state = await claimKey(access, key, requestFingerprint(request.method, request.url, body));
  switch (state.kind) {
    case "other_request":
      throw differentRequest();
    case "running":
      throw stillRunning();
    case "answered":
      return new Response(state.body, { status: state.status, headers: { "content-type": "application/json", [REPLAYED_HEADER]: "true" } });
    case "claimed": {
      const response = await run(body);
      // Once the request has run, its answer goes out even if the key cannot be settled (the
      // database went away): the claim is then abandoned, and free again after 10 minutes.
      await settleKey(access, key, state, response.status, await response.clone().text()).catch((error: unknown) =>
        console.error("[idempotency] keeping an answer failed:", error),
      );
      return response;
    }
  }
}
