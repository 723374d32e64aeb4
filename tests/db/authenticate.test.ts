import { describe, expect, it } from "vitest";
import { accessOf, personalRow } from "../support/access";
import { createApiKey, revokeApiKey } from "@/lib/auth/api-key-store";
import { sha256Hex } from "@/lib/crypto";
import { authenticate } from "@/lib/auth/authenticate";
import { getDb } from "@/lib/db/client";

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;

/** A key used a moment ago, so that authenticating does not schedule a last-use update (which needs a request). */
async function recentlyUsedKey(userId: string, scopes: string[]) {
  const created = await createApiKey(userId, { name: "key", scopes });
  await getDb().apiKey.update({ where: { id: created.id }, data: { lastUsedAt: new Date() } });
  return created;
}

describe("authentication's credential lookup", () => {
  it("reads the key's account exactly as Prisma reads it, every column included", async () => {
    const user = await getDb().user.create({
      data: {
        email: "columns@example.com",
        name: "Ada",
        passwordHash: "hash",
        timezone: "Europe/Paris",
        plan: "free",
        image: "https://example.com/a.png",
        emailVerified: new Date("2026-01-02T03:04:05.678Z"),
      },
    });
    const key = await recentlyUsedKey(user.id, ["user:read", "worklog:*"]);
    const principal = await authenticate(basic(key.key));
    const { workspace } = await accessOf(user);
    const counters = await getDb().accountCounters.findUniqueOrThrow({ where: { workspaceId: workspace.id } });
    expect(principal).toEqual({
      kind: "api_key",
      credentialId: key.id,
      scopes: ["user:read", "worklog:*"],
      user: await getDb().user.findUniqueOrThrow({ where: { id: user.id } }),
      membership: { role: "owner", workspace },
      changeSeq: String(counters.changeSeq),
    });
  });

  it("refuses a revoked key and an unknown one", async () => {
    const user = await getDb().user.create({ data: { email: "revoked@example.com" } });
    const key = await recentlyUsedKey(user.id, ["user:read"]);
    await revokeApiKey(user.id, key.id);
    await expect(authenticate(basic(key.key))).rejects.toMatchObject({ kind: "authentication" });
    await expect(authenticate(basic(`wl_${"0".repeat(40)}`))).rejects.toMatchObject({ kind: "authentication" });
  });

  it("reads an OAuth token's account and scopes, and refuses it expired or revoked", async () => {
    const user = await getDb().user.create({ data: { email: "token@example.com" } });
    const client = await getDb().oAuthClient.create({ data: { id: `client-${crypto.randomUUID()}`, name: "CLI", accessTokenTtlSeconds: 3600 } });
    const token = async (data: { accessExpiresAt: Date; revokedAt?: Date }) => {
      const value = crypto.randomUUID();
      const record = await getDb().oAuthToken.create({
        data: {
          ...(await personalRow(user)),
          clientId: client.id,
          accessTokenHash: sha256Hex(value),
          refreshTokenHash: sha256Hex(`${value}-refresh`),
          scopes: ["project:read"],
          lastUsedAt: new Date(),
          ...data,
        },
      });
      return { value, record };
    };
    const live = await token({ accessExpiresAt: new Date(Date.now() + 60_000) });
    expect(await authenticate(`Bearer ${live.value}`)).toEqual({
      kind: "oauth_token",
      credentialId: live.record.id,
      scopes: ["project:read"],
      user: await getDb().user.findUniqueOrThrow({ where: { id: user.id } }),
      membership: { role: "owner", workspace: (await accessOf(user)).workspace },
      changeSeq: "0",
    });
    const expired = await token({ accessExpiresAt: new Date(Date.now() - 1_000) });
    await expect(authenticate(`Bearer ${expired.value}`)).rejects.toMatchObject({ kind: "authentication" });
    const revoked = await token({ accessExpiresAt: new Date(Date.now() + 60_000), revokedAt: new Date() });
    await expect(authenticate(`Bearer ${revoked.value}`)).rejects.toMatchObject({ kind: "authentication" });
  });
});
