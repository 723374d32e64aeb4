import { describe, expect, it } from "vitest";
import { accessOf } from "../support/access";
import { claimKey, settleKey } from "@/lib/api/idempotency";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";

// An Idempotency-Key claim (lib/api/idempotency.ts) counts as abandoned after 10 minutes, and
// another request may claim the key again. The first request may still answer after that (a
// server paused, not stopped): it must settle only its own claim, not the one running now.

let accounts = 0;
const newUser = () => getDb().user.create({ data: { email: `idempotency-race-${++accounts}@example.com` } });

/** The first request's claim, abandoned (11 minutes old) and claimed again by a second request. */
async function claimedAgain() {
  const user = await newUser();
  const { id } = user;
  const access = await accessOf(user);
  const first = await claimKey(access, "k1", "POST /a x");
  if (first.kind !== "claimed") throw new Error(`expected a claim, got ${first.kind}`);
  await queryRows("UPDATE idempotency_keys SET created_at = created_at - interval '11 minutes' WHERE user_id = $1::uuid", [id]);
  const second = await claimKey(access, "k1", "POST /a y");
  expect(second.kind).toBe("claimed");
  return { access, first };
}

describe("a request that answers after its key was claimed again", () => {
  it("does not keep its answer for the request that runs now", async () => {
    const { access, first } = await claimedAgain();
    await settleKey(access, "k1", first, 201, '{"late":true}');
    expect(await claimKey(access, "k1", "POST /a y")).toEqual({ kind: "running" });
    expect(await claimKey(access, "k1", "POST /a x")).toEqual({ kind: "other_request" });
  });

  it("does not free the key of the request that runs now when it fails", async () => {
    const { access, first } = await claimedAgain();
    await settleKey(access, "k1", first, 503, '{"error":{}}');
    expect(await claimKey(access, "k1", "POST /a y")).toEqual({ kind: "running" });
  });
});
