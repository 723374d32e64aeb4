import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createApiKey, listApiKeys, revokeApiKey, revokeApiKeysByPrefix } from "@/lib/auth/api-key-store";
import { getDb } from "@/lib/db/client";
import { personalWorkspaceId } from "@/lib/access/memberships";
import { AppError } from "@/lib/errors";
import { addMemberBySlug, createWorkspace } from "@/lib/workspaces/workspace-creation";

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
    expect(Object.keys(listed[0]!).sort()).toEqual(["id", "insertedAt", "lastUsedAt", "name", "prefix", "scopes", "workspace"]);

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

  it("are made in the user's personal workspace, or in another of theirs, and listed with its name", async () => {
    const owner = await newUser(`team-owner-${crypto.randomUUID()}@example.com`);
    const viewer = await newUser(`team-viewer-${crypto.randomUUID()}@example.com`);
    const slug = await createWorkspace(owner.id, owner.email, "Keys Team");
    await addMemberBySlug(slug, viewer.id, "viewer");
    const team = await getDb().workspace.findUniqueOrThrow({ where: { slug } });

    const personal = await createApiKey(viewer.id, { name: "personal", scopes: ["user:read"] });
    const forTeam = await createApiKey(viewer.id, { name: "team", scopes: ["worklog:*"] }, team.id);
    const workspaceOf = async (id: string) => (await getDb().apiKey.findUniqueOrThrow({ where: { id } })).workspaceId;
    expect(await workspaceOf(personal.id)).toBe(await personalWorkspaceId(viewer.id));
    expect(await workspaceOf(forTeam.id)).toBe(team.id);
    expect((await listApiKeys(viewer.id)).map((key) => [key.name, key.workspace.name])).toEqual([
      ["team", "Keys Team"],
      ["personal", `${viewer.email}'s workspace`],
    ]);
  });

  it("refuse a workspace the user is not a member of, or an id that is none, and create nothing", async () => {
    const owner = await newUser(`other-owner-${crypto.randomUUID()}@example.com`);
    const outsider = await newUser(`outsider-${crypto.randomUUID()}@example.com`);
    const foreign = await personalWorkspaceId(owner.id);
    for (const workspaceId of [foreign, crypto.randomUUID(), "not-an-id", ""]) {
      const failure = await createApiKey(outsider.id, { name: "forged", scopes: ["user:read"] }, workspaceId).catch((error: unknown) => error);
      expect(failure, workspaceId).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({
        kind: "validation",
        message: "You are not a member of this workspace.",
        issues: [{ pointer: "/workspace_id", detail: "Invalid value", message: "You are not a member of this workspace." }],
      });
    }
    expect(await getDb().apiKey.count({ where: { OR: [{ userId: outsider.id }, { workspaceId: foreign }] } })).toBe(0);
  });
});
