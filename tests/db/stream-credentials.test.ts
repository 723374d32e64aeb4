import { describe, expect, it } from "vitest";
import { createApiKey, revokeApiKey } from "@/lib/auth/api-key-store";
import { credentialName, liveCredentials, type StreamCredential } from "@/lib/auth/stream-credentials";
import { sha256Hex } from "@/lib/crypto";
import { getDb } from "@/lib/db/client";

describe("the credentials of open event streams", () => {
  it("stay live until the key is revoked, the session signed out or the account deleted", async () => {
    const db = getDb();
    const user = await db.user.create({ data: { email: "streams@example.com" } });
    const { key, id: keyId } = await createApiKey(user.id, { name: "stream", scopes: ["worklog:read"] });
    const api: StreamCredential = { kind: "api", secretHash: sha256Hex(key) };
    const session: StreamCredential = { kind: "session", userId: user.id, sessionVersion: user.sessionVersion };
    const names = async () => liveCredentials([api, session]);

    expect(await names()).toEqual(new Set([credentialName(api), credentialName(session)]));
    await revokeApiKey(user.id, keyId);
    expect(await names()).toEqual(new Set([credentialName(session)]));
    await db.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    expect(await names()).toEqual(new Set());
    expect(await liveCredentials([{ ...session, sessionVersion: user.sessionVersion + 1 }])).toEqual(new Set([user.id]));
    await db.user.delete({ where: { id: user.id } });
    expect(await liveCredentials([{ ...session, sessionVersion: user.sessionVersion + 1 }])).toEqual(new Set());
  });
});
