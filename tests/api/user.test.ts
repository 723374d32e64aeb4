import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { newAccount } from "../support/accounts";

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer();
});

describe("scopes of the user endpoints (docs/api.md, Scopes)", () => {
  const cases: { scopes: string[]; read: number; write: number }[] = [
    { scopes: ["user:read"], read: 200, write: 403 },
    { scopes: ["user:write"], read: 403, write: 200 },
    { scopes: ["user:*"], read: 200, write: 200 },
    { scopes: ["user:read", "user:write"], read: 200, write: 200 },
    { scopes: ["project:*", "worklog:*", "repo:*"], read: 403, write: 403 },
  ];

  it.each(cases)("a key with $scopes: GET $read, PUT $write", async ({ scopes, read, write }) => {
    const { key } = await newAccount(server, { scopes });
    expect((await server.request("/api/v1/user", { key })).status).toBe(read);
    expect((await server.request("/api/v1/user", { key, method: "PUT", body: { name: "Renamed" } })).status).toBe(write);
  });

  it("names the required and the granted scopes in both body forms", async () => {
    const { key } = await newAccount(server, { scopes: ["project:read", "worklog:*"] });
    const response = await server.request("/api/v1/user", { key });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: {
        message: "Insufficient scope for this API key. Required: user:read. Available: project:read, worklog:*",
        type: "authorization_error",
      },
      details: { required_scope: "user:read", granted_scopes: ["project:read", "worklog:*"] },
    });
  });

  it("DELETE needs user:write", async () => {
    const { key } = await newAccount(server, { scopes: ["user:read"] });
    const response = await server.request("/api/v1/user", { key, method: "DELETE" });
    expect(response.status).toBe(403);
    expect((await response.json()).details.required_scope).toBe("user:write");
  });
});

describe("GET /api/v1/user", () => {
  it("returns the account", async () => {
    const { email, key } = await newAccount(server, { scopes: ["user:read"] });
    const response = await server.request("/api/v1/user", { key });
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      url: "/api/v1/user",
      email,
      name: null,
      timezone: "UTC",
      week_start: "monday",
      plan: "pro",
      inserted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
  });
});

describe("PUT /api/v1/user", () => {
  it("updates email, name and timezone, normalising them, and ignores read-only fields", async () => {
    const { key } = await newAccount(server, { scopes: ["user:*"] });
    const before = await (await server.request("/api/v1/user", { key })).json();
    const response = await server.request("/api/v1/user", {
      key,
      method: "PUT",
      body: { email: "  New.Address@Example.COM ", name: " Ada ", timezone: "Europe/Paris", plan: "free", id: "x", unknown: 1 },
    });
    expect(response.status).toBe(200);
    const updated = await response.json();
    expect(updated).toMatchObject({ id: before.id, email: "new.address@example.com", name: "Ada", timezone: "Europe/Paris", plan: "pro" });
    expect(await (await server.request("/api/v1/user", { key })).json()).toEqual(updated);
  });

  it("clears the name with null, and changes nothing with an empty object", async () => {
    const { key } = await newAccount(server, { scopes: ["user:*"] });
    await server.request("/api/v1/user", { key, method: "PUT", body: { name: "Named" } });
    expect((await (await server.request("/api/v1/user", { key, method: "PUT", body: { name: null } })).json()).name).toBeNull();
    const unchanged = await server.request("/api/v1/user", { key, method: "PUT", body: {} });
    expect(unchanged.status).toBe(200);
    expect((await unchanged.json()).name).toBeNull();
  });

  it("answers 422 with every invalid field, and changes nothing", async () => {
    const { email, key } = await newAccount(server, { scopes: ["user:*"] });
    const response = await server.request("/api/v1/user", {
      key,
      method: "PUT",
      body: { email: "not an email", name: "x".repeat(101), timezone: "Mars/Olympus" },
      invalid: true,
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      errors: [
        { title: "Invalid value", detail: "Invalid value", source: { pointer: "/email" } },
        { title: "Invalid value", detail: "String length is larger than maxLength", source: { pointer: "/name" } },
        { title: "Invalid value", detail: "Invalid value", source: { pointer: "/timezone" } },
      ],
    });
    expect((await (await server.request("/api/v1/user", { key })).json()).email).toBe(email);
  });

  it.each([
    [{ name: "" }, "/name", "String length is smaller than minLength"],
    [{ name: "   " }, "/name", "String length is smaller than minLength"],
    [{ name: 42 }, "/name", "Invalid value"],
    [{ email: "a".repeat(250) + "@x.io" }, "/email", "String length is larger than maxLength"],
    [{ timezone: "" }, "/timezone", "String length is smaller than minLength"],
  ])("rejects %j at %s", async (body, pointer, detail) => {
    const { key } = await newAccount(server, { scopes: ["user:write"] });
    const response = await server.request("/api/v1/user", { key, method: "PUT", body, invalid: true });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual([{ title: "Invalid value", detail, source: { pointer } }]);
  });

  it("refuses another account's email as a duplicate, whatever its case", async () => {
    const taken = await newAccount(server, { scopes: ["user:read"] });
    const { key } = await newAccount(server, { scopes: ["user:write"] });
    const response = await server.request("/api/v1/user", { key, method: "PUT", body: { email: taken.email.toUpperCase() } });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual([{ title: "Invalid value", detail: "Duplicate value", source: { pointer: "/email" } }]);
  });

  it("answers 400 to a body that is not a JSON object, and 413 to one over 1 MiB", async () => {
    const { key } = await newAccount(server, { scopes: ["user:write"] });
    for (const body of ["{not json", "[]", '"text"', "null", "42"]) {
      const response = await server.request("/api/v1/user", { key, method: "PUT", body, invalid: true });
      expect(response.status).toBe(400);
      expect((await response.json()).error.type).toBe("invalid_request_error");
    }
    const huge = await server.request("/api/v1/user", { key, method: "PUT", body: { name: "x".repeat(1024 * 1024) }, invalid: true });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: { message: "Request body too large", type: "invalid_request_error" } });
  });
});

describe("week_start (the first day of the account's weeks)", () => {
  it("is changed by PUT, answered with the user and read back", async () => {
    const { key } = await newAccount(server, { scopes: ["user:*"] });
    const response = await server.request("/api/v1/user", { key, method: "PUT", body: { week_start: "sunday" } });
    expect(response.status).toBe(200);
    const updated = await response.json();
    expect(updated).toMatchObject({ week_start: "sunday", timezone: "UTC" });
    expect(await (await server.request("/api/v1/user", { key })).json()).toEqual(updated);
    const back = await server.request("/api/v1/user", { key, method: "PUT", body: { week_start: "monday", name: "Ada" } });
    expect(await back.json()).toMatchObject({ week_start: "monday", name: "Ada" });
  });

  it("stays as it was when a PUT leaves it out", async () => {
    const { key } = await newAccount(server, { scopes: ["user:*"] });
    await server.request("/api/v1/user", { key, method: "PUT", body: { week_start: "sunday" } });
    expect((await (await server.request("/api/v1/user", { key, method: "PUT", body: { timezone: "Europe/Paris" } })).json()).week_start).toBe("sunday");
  });

  it.each([["saturday"], ["Sunday"], [""], [null], [1]])("refuses %j with 422, and changes nothing", async (week_start) => {
    const { key } = await newAccount(server, { scopes: ["user:*"] });
    const response = await server.request("/api/v1/user", { key, method: "PUT", body: { week_start, name: "Not saved" }, invalid: true });
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(errors).toEqual([{ title: "Invalid value", detail: "Invalid enum value", source: { pointer: "/week_start" } }]);
    expect(await (await server.request("/api/v1/user", { key })).json()).toMatchObject({ week_start: "monday", name: null });
  });
});

describe("DELETE /api/v1/user", () => {
  it("deletes the account and returns it as it was; its keys fail from then on", async () => {
    const { email, key } = await newAccount(server, { scopes: ["user:*"] });
    const otherKey = await server.createKey(email, ["project:read"]);
    const survivor = await newAccount(server, { scopes: ["user:read"] });

    const response = await server.request("/api/v1/user", { key, method: "DELETE" });
    expect(response.status).toBe(200);
    expect((await response.json()).email).toBe(email);

    for (const deadKey of [key, otherKey]) {
      const after = await server.request("/api/v1/user", { key: deadKey });
      expect(after.status).toBe(401);
      expect((await after.json()).error.message).toBe("Invalid API key. Ensure your API key is properly encoded and valid.");
    }
    expect((await server.request("/api/v1/user", { key: survivor.key })).status).toBe(200);
    expect((await server.admin("user:plan", "--email", email, "--plan", "free")).exitCode).toBe(1);
  });
});

describe("routing", () => {
  it("answers other methods with 405 and Allow", async () => {
    const response = await server.request("/api/v1/user", { method: "POST", body: {}, invalid: true });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, PUT, DELETE, OPTIONS");
    expect(await response.json()).toEqual({ error: { message: "Method not allowed", type: "invalid_request_error" } });
  });

  it("answers unknown paths under /api/v1 with the JSON 404", async () => {
    for (const path of ["/api/v1/nothing", "/api/v1/user/extra", "/api/v1"]) {
      const response = await server.request(path, { invalid: true });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: { message: "Could not find the requested resource", type: "not_found_error" } });
    }
  });
});
