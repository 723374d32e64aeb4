import { randomUUID } from "node:crypto";
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { newKey } from "../support/accounts";

describe("client addresses, guessable endpoints and absolute links (README.md, Security)", () => {
  /** Without a proxy: every request counts against the connection's own address, 127.0.0.1. */
  let unproxied: TestServer;
  /** Behind one proxy: each request below names its client address in `x-forwarded-for`. */
  let proxied: TestServer;

  beforeAll(async () => {
    [unproxied, proxied] = await Promise.all([sharedServer("direct"), sharedServer("allowedHost")]);
  });

  /** An address from the IPv6 documentation range, unique to the call. */
  const randomAddress = () => `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
  // 121 attempts span at most two fixed one-minute windows, so one of them holds more than 60.
  const ATTEMPTS = 121;

  type Refusal = { headers: Headers; body: unknown };

  /**
   * Every attempt's status, and the first refusal as it came: checked there rather than by one
   * more request, which a new window may already let through on a slow machine.
   */
  async function attemptsOf(send: (attempt: number) => Promise<Response>): Promise<{ statuses: number[]; firstRefusal?: Refusal }> {
    const statuses: number[] = [];
    let firstRefusal: Refusal | undefined;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const response = await send(attempt);
      if (response.status === 429 && !firstRefusal) firstRefusal = { headers: response.headers, body: await response.json() };
      else await response.arrayBuffer();
      statuses.push(response.status);
    }
    return { statuses, firstRefusal };
  }

  const statusesOf = async (send: (attempt: number) => Promise<Response>) => (await attemptsOf(send)).statuses;

  it("without a trusted proxy, a client cannot escape the failed-authentication limit by choosing x-forwarded-for", async () => {
    const statuses = await statusesOf(() => unproxied.request("/api/v1/user", { key: "wl_wrong", headers: { "x-forwarded-for": randomAddress() } }));
    expect(statuses).toContain(429);
  });

  it("behind one trusted proxy, the address the proxy appended counts, not what the client put before it", async () => {
    const client = randomAddress();
    const statuses = await statusesOf(() =>
      proxied.request("/api/v1/user", { key: "wl_wrong", headers: { "x-forwarded-for": `${randomAddress()}, ${client}` } }),
    );
    expect(statuses).toContain(429);
    const elsewhere = await proxied.request("/api/v1/user", { key: "wl_wrong", headers: { "x-forwarded-for": `${client}, ${randomAddress()}` } });
    expect(elsewhere.status).toBe(401);
  });

  it.each(["/auth/device/code", "/auth/token", "/auth/token_info", "/auth/revoke"])(
    "POST %s is limited to 60 a minute per client address",
    async (pathname) => {
      const client = randomAddress();
      const body = { client_id: "90w0AXnlNgnh2XBJdexYjw", scope: "user:read", grant_type: "refresh_token", refresh_token: "wlr_guess", token: "wlo_guess" };
      const { statuses, firstRefusal } = await attemptsOf(() => proxied.request(pathname, { method: "POST", body, headers: { "x-forwarded-for": client } }));
      expect(statuses).toContain(429);
      expect(firstRefusal!.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
      expect(firstRefusal!.headers.get("cache-control")).toBe("no-store");
      expect(firstRefusal!.body).toEqual({ error: "rate_limited" });
      const elsewhere = await proxied.request(pathname, { method: "POST", body, headers: { "x-forwarded-for": randomAddress() } });
      expect(elsewhere.status).not.toBe(429);
    },
  );

  it("a forged Host or X-Forwarded-Host never ends up in an absolute link", async () => {
    const forged = { "x-forwarded-host": "evil.example" };
    const device = await (
      await proxied.request("/auth/device/code", { method: "POST", body: { client_id: "90w0AXnlNgnh2XBJdexYjw", scope: "user:read" }, headers: forged })
    ).json();
    expect(device.verification_uri).toBe(`${proxied.url}/device`);
    const document = await (await proxied.request("/api/v1/openapi.json", { headers: forged })).json();
    expect(document.servers).toEqual([{ url: proxied.url }]);

    const key = await newKey(proxied, { scopes: ["worklog:*"] });
    expect((await proxied.request("/api/v1/worklog/entries", { key, method: "POST", body: { content: "Done" } })).status).toBe(201);
    const recap = await (await proxied.request("/api/v1/worklog/recaps", { key, method: "POST", headers: forged })).json();
    expect(recap.sse_url).toBe(`${proxied.url}/api/v1/worklog/recaps/sse?recap_id=${recap.id}`);

    const { hostname, port } = new URL(proxied.url);
    const viaHostHeader = await new Promise<string>((resolvePromise, reject) => {
      const request = http.request({ hostname, port, path: "/api/v1/openapi.json", headers: { host: "evil.example" }, agent: false }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolvePromise(text));
      });
      request.on("error", reject);
      request.end();
    });
    expect(viaHostHeader).not.toContain("evil.example");
  });

  it("a host listed in ALLOWED_HOSTS is used as asked", async () => {
    const document = await (
      await proxied.request("/api/v1/openapi.json", { headers: { "x-forwarded-host": "worklog.example.com", "x-forwarded-proto": "https" } })
    ).json();
    expect(document.servers).toEqual([{ url: "https://worklog.example.com" }]);
  });
});
