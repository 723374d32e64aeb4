import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { json } from "../support/responses";
import { newAccount, notFoundBody } from "../support/accounts";
import { csrfToken, signInWithPassword } from "../support/web-session";

// What the web app's offline outbox replays its writes through (README, "Offline and installing"):
// /api/v1 with the browser's session instead of a key (docs/api.md, "The web app's session"), and
// conditional writes of an entry (docs/api.md, "Conditional writes").

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

type Entry = { id: string; url: string; content: string; updated_at: string; source: string };

/** A new account signed in, its key and its personal workspace's slug. */
async function signedIn() {
  const { email, password, key } = await newAccount(server);
  const { session } = await signInWithPassword(server.url, email, password);
  expect(session).toBeDefined();
  const { slug } = await json<{ slug: string }>(server.request("/api/v1/workspace", { key }), 200);
  return { email, key, slug, cookie: session! };
}

type SessionRequest = { cookie?: string; workspace?: string; site?: string; method?: string; body?: unknown; headers?: Record<string, string> };

/** A request as the app's own page sends it: the session cookie, the workspace header and `Sec-Fetch-Site: same-origin`. */
function fromPage(path: string, { cookie, workspace, site = "same-origin", method = "GET", body, headers = {} }: SessionRequest) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(cookie && { cookie }),
      ...(workspace !== undefined && { "worklog-workspace": workspace }),
      ...(site && { "sec-fetch-site": site }),
      ...(body !== undefined && { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe("the web app's session on /api/v1", () => {
  it("is the signed-in account in the workspace the header names, with its entries and the source web", async () => {
    const { key, slug, cookie } = await signedIn();
    const byKey = await json<Entry>(server.request("/api/v1/worklog/entries", { key, method: "POST", body: { content: "With a key" } }), 201);
    const created = await json<Entry>(
      fromPage("/api/v1/worklog/entries", { cookie, workspace: slug, method: "POST", body: { content: "Written offline" } }),
      201,
    );
    expect(created.source).toBe("web");
    const listed = await json<{ entries: Entry[] }>(fromPage("/api/v1/worklog/entries", { cookie, workspace: slug }), 200);
    expect(listed.entries.map((entry) => entry.id).sort()).toEqual([byKey.id, created.id].sort());
  });

  it("refuses another site's request, a request without the session, and an ended session with a 401", async () => {
    const { slug, cookie } = await signedIn();
    const crossSite = await fromPage("/api/v1/worklog/entries", { cookie, workspace: slug, site: "cross-site" });
    expect(crossSite.status).toBe(401);
    expect(await crossSite.json()).toEqual({ error: { message: "A session is accepted from this site's own pages only.", type: "authentication_error" } });
    expect((await fromPage("/api/v1/worklog/entries", { cookie, workspace: slug, site: "" })).status).toBe(401);
    const signedOut = await fromPage("/api/v1/worklog/entries", { workspace: slug, method: "POST", body: { content: "lost?" } });
    expect(signedOut.status).toBe(401);
    // No Basic challenge: a browser would answer it with its password prompt, holding the request.
    expect(signedOut.headers.get("www-authenticate")).toBeNull();
    expect(await signedOut.json()).toEqual({ error: { message: "Your session has ended. Sign in again.", type: "authentication_error" } });
    // Without the workspace header, a cookie alone is no credential: the key's 401.
    expect((await fromPage("/api/v1/worklog/entries", { cookie })).status).toBe(401);
    // Signing out ends the copy of the cookie the outbox holds too.
    const { csrfToken: token, cookie: withCsrf } = await csrfToken(server.url, undefined, cookie);
    const signOut = await fetch(`${server.url}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: withCsrf, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: token, callbackUrl: "/" }),
    });
    expect(signOut.status).toBe(302);
    const ended = await fromPage("/api/v1/worklog/entries", { cookie, workspace: slug, method: "POST", body: { content: "after" } });
    expect(ended.status).toBe(401);
    expect((await ended.json()).error.message).toBe("Your session has ended. Sign in again.");
  });

  it("answers 404 for a workspace the user is not a member of, and holds a member to their role", async () => {
    const { cookie } = await signedIn();
    const other = await newAccount(server);
    const { slug: otherSlug } = await json<{ slug: string }>(server.request("/api/v1/workspace", { key: other.key }), 200);
    const notMember = await fromPage("/api/v1/worklog/entries", { cookie, workspace: otherSlug });
    expect(notMember.status).toBe(404);
    expect(await notMember.json()).toEqual(notFoundBody);

    const viewer = await server.createUser();
    const teamSlug = await server.createWorkspace(other.email, "Team");
    await server.addMember(teamSlug, viewer.email, "viewer");
    const { session } = await signInWithPassword(server.url, viewer.email, viewer.password);
    expect((await fromPage("/api/v1/worklog/entries", { cookie: session, workspace: teamSlug })).status).toBe(200);
    const refused = await fromPage("/api/v1/worklog/entries", { cookie: session, workspace: teamSlug, method: "POST", body: { content: "x" } });
    expect(refused.status).toBe(403);
  });
});

describe("conditional writes of an entry (If-Match)", () => {
  it("changes or deletes an entry only at the version read, and answers 412 with the contract's body otherwise", async () => {
    const { key } = await newAccount(server);
    const entry = await json<Entry>(server.request("/api/v1/worklog/entries", { key, method: "POST", body: { content: "Read on the train" } }), 201);
    const put = (content: string, ifMatch: string) => server.request(entry.url, { key, method: "PUT", body: { content }, headers: { "if-match": ifMatch } });

    const changed = await json<Entry>(put("Changed at the desk", `"${entry.updated_at}"`), 200);
    expect(changed.updated_at).not.toBe(entry.updated_at);
    const stale = await put("Changed on the train", `"${entry.updated_at}"`);
    expect(stale.status).toBe(412);
    expect(await stale.json()).toEqual({
      error: {
        message: "This has changed since it was read: read it again, then send your change with its new updated_at in If-Match.",
        type: "precondition_failed_error",
      },
    });
    // Weak tags and tags that are no version never match; several tags match when one does.
    expect((await put("weak", `W/"${changed.updated_at}"`)).status).toBe(412);
    expect((await put("nonsense", '"yesterday"')).status).toBe(412);
    const listed = await json<Entry>(put("Either version", `"${entry.updated_at}", "${changed.updated_at}"`), 200);
    expect((await json<Entry>(server.request(entry.url, { key }), 200)).content).toBe("Either version");
    expect((await put("Any version", "*")).status).toBe(200);

    const current = await json<Entry>(server.request(entry.url, { key }), 200);
    const deleteAt = (ifMatch: string) => server.request(entry.url, { key, method: "DELETE", headers: { "if-match": ifMatch } });
    expect((await deleteAt(`"${listed.updated_at}"`)).status).toBe(412);
    expect((await json<Entry>(deleteAt(`"${current.updated_at}"`), 200)).id).toBe(entry.id);
    expect((await deleteAt(`"${current.updated_at}"`)).status).toBe(404);
  });

  it("answers 404, not 412, for another account's entry: the header tells nothing of it", async () => {
    const { key } = await newAccount(server);
    const other = await newAccount(server);
    const theirs = await json<Entry>(server.request("/api/v1/worklog/entries", { key: other.key, method: "POST", body: { content: "Theirs" } }), 201);
    const response = await server.request(theirs.url, {
      key,
      method: "PUT",
      body: { content: "Mine now" },
      headers: { "if-match": '"2020-01-01T00:00:00.000Z"' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(notFoundBody);
  });
});
