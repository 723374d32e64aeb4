import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer("standard");
});

describe("the names other apps give the sign-in pages", () => {
  it.each([
    ["/login", "/signin"],
    ["/register", "/signup"],
  ])("%s redirects permanently to %s, keeping callbackUrl", async (from, to) => {
    const callbackUrl = "/projects?tab=recent";
    const response = await fetch(`${server.url}${from}?callbackUrl=${encodeURIComponent(callbackUrl)}`, { redirect: "manual" });
    expect(response.status).toBe(308);
    const location = new URL(response.headers.get("location")!, server.url);
    expect(location.pathname).toBe(to);
    expect(location.searchParams.get("callbackUrl")).toBe(callbackUrl);

    const page = await fetch(location, { redirect: "manual" });
    expect(page.status).toBe(200);
  });
});
