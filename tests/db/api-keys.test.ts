import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createApiKey, listApiKeys, revokeApiKey, revokeApiKeysByPrefix } from "@/lib/auth/api-key-store";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

async function newUser(email: string) {
  return getDb().user.create({ data: { email } });
}

describe("API keys", () => {
  it("are stored only as a SHA-256 hash with an 8-character prefix, and collapse their scopes", async () => {
    const user = await newUser("keys@example.com");
    const created = await createApiKey(user.id, {
      name: "  CI  ",
      scopes: ["project:read", "project:*", "worklog:read", "worklog:write", "user:read", "user:read"],
    });
    expect(created.key).toMatch(/^wl_[0-9A-Za-z]{40}$/);
    expect(created).toMatchObject({ name: "CI", prefix: created.key.slice(0, 8), scopes: ["user:read", "project:*", "worklog:*"] });

    const stored = await getDb().apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.hashedKey).toBe(createHash("sha256").update(created.key).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(created.key);
  });

  it.each([[["*:read"]], [["*:*"]], [["*"]], [[""]], [["projects:read"]], [["project:admin"]], [[]]])("refuse the scopes %j", async (scopes) => {
    const user = await newUser(`refuse-${crypto.randomUUID()}@example.com`);
    const failure = await createApiKey(user.id, { name: "bad", scopes }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).issues).toEqual([{ pointer: "/scopes", detail: "Invalid value", message: expect.any(String) }]);
    expect(await listApiKeys(user.id)).toEqual([]);
  });

  it("refuse an empty or overlong name", async () => {
    const user = await newUser("names@example.com");
    await expect(createApiKey(user.id, { name: " ", scopes: ["user:read"] })).rejects.toMatchObject({ kind: "validation" });
    await expect(createApiKey(user.id, { name: "x".repeat(101), scopes: ["user:read"] })).rejects.toMatchObject({ kind: "validation" });
  });

  it("are listed newest first without their hashes, and revoked for their account only", async () => {
    const owner = await newUser("owner@example.com");
    const stranger = await newUser("stranger@example.com");
    const first = await createApiKey(owner.id, { name: "first", scopes: ["user:read"] });
    const second = await createApiKey(owner.id, { name: "second", scopes: ["user:read"] });
    const listed = await listApiKeys(owner.id);
    expect(listed.map((key) => key.name)).toEqual(["second", "first"]);
    expect(Object.keys(listed[0]!).sort()).toEqual(["id", "insertedAt", "lastUsedAt", "name", "prefix", "scopes"]);

    const revokedAt = async (id: string) => (await getDb().apiKey.findUniqueOrThrow({ where: { id } })).revokedAt;
    await expect(revokeApiKey(stranger.id, first.id)).rejects.toMatchObject({ kind: "not_found" });
    expect(await revokedAt(first.id)).toBeNull();

    await revokeApiKey(owner.id, first.id);
    expect(await revokedAt(first.id)).toBeInstanceOf(Date);
    await expect(revokeApiKey(owner.id, first.id)).rejects.toMatchObject({ kind: "not_found" });
    expect((await listApiKeys(owner.id)).map((key) => key.id)).toEqual([second.id]);

    await revokeApiKeysByPrefix(owner.id, second.prefix);
    expect(await listApiKeys(owner.id)).toEqual([]);
  });
});
