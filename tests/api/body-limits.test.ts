// Body limits and refusals before any page, server action or route reads a body: 1 MiB
// everywhere, more only for the import after authentication (docs/api.md, "Body limits").
// Server actions are called as the browser calls them: a POST to a page naming the action's id
// (from the build's manifest) in `Next-Action`, its arguments as React encodes them.
import { beforeAll, describe, expect, it } from "vitest";
import { newKey } from "../support/accounts";
import type { TestServer } from "../support/server";
import { actionId } from "../support/server-actions";
import { sharedServer, uniqueClientAddress } from "../support/shared-server";
import { signInWithPassword } from "../support/web-session";

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer();
});

const mebibyte = 1024 * 1024;
const client = uniqueClientAddress();

/** Calls the sign-out action from /signin; `body` is its arguments, React's reply encoding. */
function callAction(body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { "next-action": actionId("lib/auth/actions.ts", "signOutToHome"), origin: server.url, "x-forwarded-for": client, ...headers },
    body,
  });
}

/** A body sent in chunks, without a length. */
function chunked(size: number): ReadableStream<Uint8Array> {
  let left = size;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const chunk = new Uint8Array(Math.min(64 * 1024, left)).fill(0x61);
      left -= chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe("pages take bodies of at most 1 MiB", () => {
  it("a 2 MiB POST /signin, as text, form or multipart, is a 413 without signing in", async () => {
    const bodies: [string, BodyInit][] = [
      ["text/plain", "a".repeat(2 * mebibyte)],
      ["application/x-www-form-urlencoded", `email=${"a".repeat(2 * mebibyte)}`],
    ];
    for (const [type, body] of bodies) {
      const response = await fetch(`${server.url}/signin`, { method: "POST", headers: { "content-type": type, "x-forwarded-for": client }, body });
      expect(response.status, type).toBe(413);
    }
    const form = new FormData();
    form.set("file", new Blob(["a".repeat(2 * mebibyte)]), "big.txt");
    const multipart = await fetch(`${server.url}/signup`, { method: "POST", headers: { "x-forwarded-for": client }, body: form });
    expect(multipart.status).toBe(413);
  });

  it("a page body without a length is refused, whatever its size", async () => {
    const response = await fetch(`${server.url}/signin`, {
      method: "POST",
      headers: { "content-type": "text/plain", "x-forwarded-for": client },
      body: chunked(2 * mebibyte),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(411);
  });

  it("pretending to be a prefetch does not get a body past the limit", async () => {
    const response = await fetch(`${server.url}/signin`, {
      method: "POST",
      headers: { "content-type": "text/plain", "next-router-prefetch": "1", "x-forwarded-for": client },
      body: "a".repeat(2 * mebibyte),
    });
    expect(response.status).toBe(413);
  });
});

describe("server actions", () => {
  it("run when called from the app's own origin", async () => {
    const response = await callAction("[]", { "content-type": "text/plain;charset=UTF-8" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-action-redirect")).toMatch(/^\//);
  });

  it("refuse a foreign or null Origin with a 403", async () => {
    for (const origin of ["https://evil.example", "null", "not a url"]) {
      const response = await callAction("[]", { "content-type": "text/plain;charset=UTF-8", origin });
      expect(response.status, origin).toBe(403);
      expect(await response.text(), origin).toMatch(/origin/i);
    }
    const form = new FormData();
    form.set("email", "someone@example.com");
    const withoutAction = await fetch(`${server.url}/signin`, {
      method: "POST",
      headers: { origin: "https://evil.example", "x-forwarded-for": client },
      body: form,
    });
    expect(withoutAction.status).toBe(403);
  });

  it("refuse a 200 000-element array with a 400, inline or referenced many times", async () => {
    const elements = JSON.stringify(Array.from({ length: 200_000 }, () => 0));
    const inline = await callAction(`[${elements}]`, { "content-type": "text/plain;charset=UTF-8" });
    expect(inline.status).toBe(400);
    expect(await inline.text()).toMatch(/array/i);
    const rows = new FormData();
    rows.set("1", elements);
    rows.set("0", JSON.stringify(Array.from({ length: 6 }, () => "$1")));
    const referenced = await callAction(rows);
    expect(referenced.status).toBe(400);
  });

  it("refuse arguments over 1 MiB with a 413", async () => {
    const response = await callAction(JSON.stringify(["a".repeat(2 * mebibyte)]), { "content-type": "text/plain;charset=UTF-8" });
    expect(response.status).toBe(413);
  });
});

describe("API routes take 1 MiB, the import more once the caller is known", () => {
  it("a 2 MiB body to an endpoint other than the import is a 413 with the contract's error body", async () => {
    const response = await server.request("/api/v1/projects", {
      key: await newKey(server),
      method: "POST",
      body: { name: "Big", description: "x".repeat(2 * mebibyte) },
      invalid: true,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { message: "Request body too large", type: "invalid_request_error" } });
  });

  it("an import over 1 MiB is a 401 without credentials, and imported with them", async () => {
    const document = JSON.stringify({ entries: [{ date: "2026-11-20", time: "09:30", title: "Padded", body: "", tags: [] }] }).replace(
      "{",
      `{${" ".repeat(2 * mebibyte)}`,
    );
    const anonymous = await server.request("/api/v1/import?format=jrnl", { method: "POST", body: document, invalid: true });
    expect(anonymous.status).toBe(401);
    const imported = await server.request("/api/v1/import?format=jrnl", { key: await newKey(server), method: "POST", body: document });
    expect(imported.status).toBe(200);
    expect((await imported.json()).created.entries).toBe(1);
  });
});

describe("Settings → Data's upload takes the import's size, once the session is known", () => {
  /** Signs in through next-auth's own endpoint: the session cookie. */
  async function signIn(email: string, password: string): Promise<string> {
    const { session } = await signInWithPassword(server.url, email, password, client);
    if (!session) throw new Error("signing in failed");
    return session;
  }

  const upload = (document: string, headers: Record<string, string>) =>
    fetch(`${server.url}/settings/data/import?format=jrnl`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": client, ...headers },
      body: document,
    });

  it("imports a 2 MiB document from this site's page, and refuses it signed out or from elsewhere", async () => {
    const { email, password } = await server.createUser();
    const cookie = await signIn(email, password);
    const entries = Array.from({ length: 270 }, (_, index) => ({
      date: "2026-11-20",
      time: "09:30",
      title: `Uploaded ${index}`,
      body: "x".repeat(8000),
      tags: [],
    }));
    const document = JSON.stringify({ entries });
    expect(document.length).toBeGreaterThan(2 * mebibyte);
    const signedOut = await upload(document, {});
    expect(signedOut.status).toBe(401);
    expect((await signedOut.json()).error.message).toMatch(/sign in/i);
    expect((await upload(document, { cookie, origin: "https://evil.example" })).status).toBe(403);
    const imported = await upload(document, { cookie });
    expect(imported.status).toBe(200);
    expect((await imported.json()).summary.created.entries).toBe(270);
  });
});
