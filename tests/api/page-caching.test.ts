import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer, uniqueClientAddress } from "../support/shared-server";
import { signInWithPassword } from "../support/web-session";

// lib/next-pages/page-caching.ts: the signed-in pages that only show the account's data may be
// kept by the browser's back/forward cache, which `no-store` forbids; the pages of secrets and
// credentials may not, nor may anything else but the browser keep any page.

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await sharedServer();
  const { email, password } = await server.createUser();
  const { session } = await signInWithPassword(server.url, email, password, uniqueClientAddress());
  cookie = session!;
});

const cacheControl = async (path: string, signedIn = true, method = "GET") => {
  const response = await fetch(`${server.url}${path}`, { method, redirect: "manual", headers: signedIn ? { cookie } : {} });
  return { status: response.status, cacheControl: response.headers.get("cache-control") };
};

describe("Cache-Control of the pages", () => {
  it.each(["/", "/reports", "/projects", "/repositories", "/recaps", "/docs"])(
    "%s, signed in: private, no-cache (the back/forward cache may keep it)",
    async (path) => {
      expect(await cacheControl(path)).toEqual({ status: 200, cacheControl: "private, no-cache" });
    },
  );

  it("a HEAD of the worklog says the same", async () => {
    expect(await cacheControl("/", true, "HEAD")).toEqual({ status: 200, cacheControl: "private, no-cache" });
  });

  it.each(["/signin", "/signup", "/device", "/settings/profile", "/settings/api-keys"])("%s keeps no-store", async (path) => {
    const signedIn = path.startsWith("/settings") || path === "/device";
    const { status, cacheControl: value } = await cacheControl(path, signedIn);
    expect(status, path).toBe(200);
    expect(value).toContain("no-store");
  });
});
