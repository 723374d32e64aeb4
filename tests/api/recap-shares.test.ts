// Share links for recaps (docs/api.md, "Share links"): made, read and revoked through the API,
// opened at /r/<token> without signing in.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { accountWithRecap } from "../support/recap-account";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { json } from "../support/responses";
import { newKey } from "../support/accounts";

let server: TestServer;

beforeAll(async () => {
  // Its recaps are written piece by piece: one just started is still being written.
  server = await sharedServer("recaps");
});

const notFoundBody = { error: { message: "Could not find the requested resource", type: "not_found_error" } };

type Share = { recap_id: string; active: boolean; views: number; created_at: string; revoked_at: string | null };
type CreatedShare = Share & { url: string; token: string };

const sharePath = (recapId: string) => `/api/v1/worklog/recaps/${recapId}/share`;

async function completed(key: string, recapId: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { status } = await json<{ status: string }>(server.request(`/api/v1/worklog/recaps/${recapId}`, { key }), 200);
    if (status === "completed") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`recap ${recapId} did not complete`);
}

async function sharedRecap(content: string) {
  const { key, recapId } = await accountWithRecap(server, ["worklog:*"], content);
  await completed(key, recapId);
  return { key, recapId };
}

/** The headers that mark a request as a prefetch: a browser's, and Next.js's router's (alone or with its `RSC`). */
const prefetches: Record<string, string>[] = [
  { purpose: "prefetch" },
  { "sec-purpose": "prefetch" },
  { "next-router-prefetch": "1" },
  { "next-router-prefetch": "1", rsc: "1" },
];

/** The shared page as a signed-out browser opens it. */
const openLink = (token: string) => fetch(`${server.url}/r/${token}`, { redirect: "manual" });

describe("share links", () => {
  it("open a completed recap signed out, read-only, unindexed, without a link to the owner's pages, counting views", async () => {
    const { key, recapId } = await sharedRecap("Shipped the **sharing** of recaps");
    expect(await json(server.request(sharePath(recapId), { key }), 404)).toEqual(notFoundBody);

    const created = await json<CreatedShare>(server.request(sharePath(recapId), { key, method: "POST" }), 201);
    expect(created).toEqual({
      recap_id: recapId,
      active: true,
      views: 0,
      created_at: expect.any(String),
      revoked_at: null,
      url: `${server.url}/r/${created.token}`,
      token: expect.stringMatching(/^[0-9A-Za-z]{22}$/),
    });
    const before = await server.request(sharePath(recapId), { key });
    const etag = before.headers.get("etag")!;
    expect(await before.json()).toMatchObject({ active: true, views: 0 });

    const page = await openLink(created.token);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain("<strong>sharing</strong>");
    expect(html).toMatch(/<dd[^>]*>1<\/dd><\/div>/);
    // Citations are text; the header offers no sign-in, and nothing names the recap or its entries.
    expect(html).not.toContain("?entry=");
    expect(html).not.toMatch(/href="\/(recaps|projects|repositories|settings|signin|signup)/);
    expect(html).not.toContain(recapId);

    expect((await openLink(created.token)).status).toBe(200);
    // The views are part of the account's conditional reads: the tag of the last read is stale.
    const after = await server.request(sharePath(recapId), { key, headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ active: true, views: 2, created_at: created.created_at });
  });

  it("count neither prefetches nor HEAD as views", async () => {
    const { key, recapId } = await sharedRecap("Prefetched but never opened");
    const { token } = await json<CreatedShare>(server.request(sharePath(recapId), { key, method: "POST" }), 201);
    const views = async () => (await json<Share>(server.request(sharePath(recapId), { key }), 200)).views;
    for (const [method, headers] of [...prefetches.map((headers) => ["GET", headers] as const), ["HEAD", {}] as const]) {
      // The router's requests are sent again with the query Next.js wants of them (a 307 first).
      const response = await fetch(`${server.url}/r/${token}`, { method, headers });
      expect(response.status, `${method} ${JSON.stringify(headers)}`).toBe(200);
      await response.arrayBuffer();
      expect(await views(), `${method} ${JSON.stringify(headers)}`).toBe(0);
    }
    await (await openLink(token)).arrayBuffer();
    expect(await views()).toBe(1);
    // A navigation inside the app, which asks for the page's RSC payload, opens it too.
    await (await fetch(`${server.url}/r/${token}`, { headers: { rsc: "1" } })).arrayBuffer();
    expect(await views()).toBe(2);
  });

  it("carry the pages' Content-Security-Policy, prefetched or not", async () => {
    const { key, recapId } = await sharedRecap("Prefetched with its policy");
    const { token } = await json<CreatedShare>(server.request(sharePath(recapId), { key, method: "POST" }), 201);
    for (const headers of [{}, ...prefetches]) {
      const response = await fetch(`${server.url}/r/${token}`, { headers });
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(response.headers.get("content-security-policy"), JSON.stringify(headers)).toEqual(expect.stringMatching(/script-src 'self' 'nonce-/));
      await response.arrayBuffer();
    }
  });

  it("revoked, the link is a 404 and keeps its views; a new link replaces the last and counts from 0", async () => {
    const { key, recapId } = await sharedRecap("Wrote the release notes");
    const first = await json<CreatedShare>(server.request(sharePath(recapId), { key, method: "POST" }), 201);
    expect((await openLink(first.token)).status).toBe(200);

    const revoked = await json<Share>(server.request(sharePath(recapId), { key, method: "DELETE" }), 200);
    expect(revoked).toEqual({ recap_id: recapId, active: false, views: 1, created_at: first.created_at, revoked_at: expect.any(String) });
    const gone = await openLink(first.token);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("Page not found");
    expect(await json(server.request(sharePath(recapId), { key }), 200)).toEqual(revoked);
    expect(await json(server.request(sharePath(recapId), { key, method: "DELETE" }), 200)).toEqual(revoked);

    const second = await json<CreatedShare>(server.request(sharePath(recapId), { key, method: "POST" }), 201);
    expect(second.token).not.toBe(first.token);
    expect(second).toMatchObject({ active: true, views: 0, revoked_at: null });
    expect((await openLink(first.token)).status).toBe(404);
    expect((await openLink(second.token)).status).toBe(200);
    const replaced = await json<CreatedShare>(server.request(sharePath(recapId), { key, method: "POST" }), 201);
    expect((await openLink(second.token)).status).toBe(404);
    expect((await openLink(replaced.token)).status).toBe(200);
    expect(await json(server.request(sharePath(recapId), { key }), 200)).toMatchObject({ active: true, views: 1 });
  });

  it("a token of no link, or not one at all, is a 404", async () => {
    for (const token of ["0123456789abcdefABCDEF", "short", "x".repeat(300), "%E2%80%AE"]) expect((await openLink(token)).status).toBe(404);
  });

  it("another account's recap, an unknown recap and a malformed id are 404s", async () => {
    const { recapId } = await sharedRecap("Reviewed the pull requests");
    const { key: otherKey } = await accountWithRecap(server, ["worklog:*"], "Something else");
    const paths = [sharePath(recapId), sharePath(randomUUID()), "/api/v1/worklog/recaps/not-an-id/share"];
    for (const [index, path] of paths.entries()) {
      for (const method of ["GET", "POST", "DELETE"]) {
        expect(await json(server.request(path, { key: otherKey, method, invalid: index === 2 }), 404)).toEqual(notFoundBody);
      }
    }
  });

  it("a recap still being written cannot be shared", async () => {
    const { key, recapId } = await accountWithRecap(server, ["worklog:*"], "A recap that takes its time");
    const refused = await json(server.request(sharePath(recapId), { key, method: "POST" }), 400);
    expect(refused).toEqual({ error: { message: "Only a completed recap can be shared", type: "invalid_request_error" } });
    await completed(key, recapId);
  });

  it("creating and revoking need worklog:write, reading worklog:read, and all of them plan pro", async () => {
    const { key, recapId } = await sharedRecap("Planned the sprint");
    await json(server.request(sharePath(recapId), { key, method: "POST" }), 201);
    const readOnly = await newKey(server, { scopes: ["worklog:read"], plan: "pro" });
    for (const method of ["POST", "DELETE"]) {
      const refused = await json<{ error: { type: string } }>(server.request(sharePath(recapId), { key: readOnly, method }), 403);
      expect(refused.error.type).toBe("authorization_error");
    }
    expect(await json(server.request(sharePath(recapId), { key: readOnly }), 404)).toEqual(notFoundBody);

    const freeKey = await newKey(server, { scopes: ["worklog:*"], plan: "free" });
    for (const method of ["GET", "POST", "DELETE"]) {
      expect(await json(server.request(sharePath(randomUUID()), { key: freeKey, method }), 403)).toEqual({
        error: { message: "You must be on a plan to access this resource.", type: "authorization_error" },
      });
    }
  });
});
