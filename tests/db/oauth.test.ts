import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { personalWorkspaceId } from "@/lib/access/memberships";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { createOAuthClient } from "@/lib/oauth/clients";
import { decideDeviceGrant, exchangeDeviceCode, findDecidedGrant, findPendingGrant, startDeviceAuthorization } from "@/lib/oauth/device-flow";
import { OAuthError } from "@/lib/oauth/errors";
import { describeToken, listDevices, refreshTokens, revokeDevice, revokeToken } from "@/lib/oauth/tokens";
import { addMemberBySlug, createWorkspace } from "@/lib/workspaces/workspace-creation";

const CLI_CLIENT_ID = "90w0AXnlNgnh2XBJdexYjw";
const CLI_SCOPES = "user:read,user:write,project:read,project:write,worklog:read,worklog:write,repo:read,repo:write";
const DAY = 86_400;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

async function newUser() {
  return getDb().user.create({ data: { email: `oauth-${crypto.randomUUID()}@example.com` } });
}

async function oauthFailure(promise: Promise<unknown>): Promise<{ code: string; status: number }> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(OAuthError);
  return { code: (error as OAuthError).code, status: (error as OAuthError).status };
}

/** Marks the grant of a device code as last polled long enough ago, as if the client had waited. */
async function waitedPollInterval(deviceCode: string) {
  await getDb().deviceGrant.update({ where: { deviceCodeHash: sha256(deviceCode) }, data: { lastPolledAt: new Date(Date.now() - 10_000) } });
}

async function approvedTokens(scope = CLI_SCOPES) {
  const user = await newUser();
  const { deviceCode, userCode } = await startDeviceAuthorization(CLI_CLIENT_ID, scope);
  await decideDeviceGrant(user.id, userCode, "approved");
  return { user, tokens: await exchangeDeviceCode(deviceCode) };
}

describe("the seeded stock client", () => {
  it("is the Accomplish CLI with its redirect and a 90-day access token", async () => {
    expect(await getDb().oAuthClient.findUnique({ where: { id: CLI_CLIENT_ID } })).toMatchObject({
      name: "Accomplish CLI",
      redirectUri: "http://127.0.0.1:8000/callback",
      accessTokenTtlSeconds: 90 * DAY,
    });
  });
});

describe("device authorization", () => {
  it("stores a pending grant with the requested scopes (repeats dropped), the device code only as a hash, and a 10-minute expiry", async () => {
    const before = Date.now();
    const { deviceCode, userCode } = await startDeviceAuthorization(CLI_CLIENT_ID, `${CLI_SCOPES},user:read`);
    expect(userCode).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{8}$/);
    expect(deviceCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const grant = await getDb().deviceGrant.findUniqueOrThrow({ where: { userCode } });
    expect(grant).toMatchObject({
      status: "pending",
      scopes: ["user:read", "user:write", "project:read", "project:write", "worklog:read", "worklog:write", "repo:read", "repo:write"],
      deviceCodeHash: sha256(deviceCode),
    });
    expect(JSON.stringify(grant)).not.toContain(deviceCode);
    expect(grant.expiresAt.getTime() - before).toBeGreaterThanOrEqual(600_000);
    expect(grant.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(600_000);
  });

  it("refuses an unknown client with 401 invalid_client, and invalid or missing scopes with invalid_scope", async () => {
    expect(await oauthFailure(startDeviceAuthorization("nope", "user:read"))).toEqual({ code: "invalid_client", status: 401 });
    for (const scope of ["*:read", "user:admin", "", undefined, "user:read,projects:read"]) {
      expect(await oauthFailure(startDeviceAuthorization(CLI_CLIENT_ID, scope))).toEqual({ code: "invalid_scope", status: 400 });
    }
    expect(await getDb().deviceGrant.count({ where: { clientId: "nope" } })).toBe(0);
  });

  it("finds the pending grant by the code typed in any case, with or without the dash", async () => {
    const { userCode } = await startDeviceAuthorization(CLI_CLIENT_ID, "project:read worklog:write");
    const typed = `${userCode.slice(0, 4).toLowerCase()}-${userCode.slice(4)} `;
    expect(await findPendingGrant(typed)).toMatchObject({
      userCode,
      scopes: ["project:read", "worklog:write"],
      client: { name: "Accomplish CLI", redirectUri: "http://127.0.0.1:8000/callback" },
    });
    expect(await findPendingGrant("BCDF-GHJK-LMNP")).toBeNull();
  });

  it("answers pending, then slow_down when polled faster than the interval, then the tokens once approved", async () => {
    const user = await newUser();
    const { deviceCode, userCode } = await startDeviceAuthorization(CLI_CLIENT_ID, CLI_SCOPES);
    expect(await oauthFailure(exchangeDeviceCode(deviceCode))).toEqual({ code: "authorization_pending", status: 400 });
    expect(await oauthFailure(exchangeDeviceCode(deviceCode))).toEqual({ code: "slow_down", status: 400 });
    await waitedPollInterval(deviceCode);
    expect(await oauthFailure(exchangeDeviceCode(deviceCode))).toEqual({ code: "authorization_pending", status: 400 });

    await decideDeviceGrant(user.id, userCode.toLowerCase(), "approved");
    expect(await findPendingGrant(userCode)).toBeNull();

    const tokens = await exchangeDeviceCode(deviceCode);
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^wlo_[0-9A-Za-z]{40}$/),
      token_type: "Bearer",
      refresh_token: expect.stringMatching(/^wlr_[0-9A-Za-z]{40}$/),
      expires_in: 90 * DAY,
      scope: "user:read user:write project:read project:write worklog:read worklog:write repo:read repo:write",
    });
    const stored = await getDb().oAuthToken.findUniqueOrThrow({ where: { accessTokenHash: sha256(tokens.access_token) } });
    expect(stored).toMatchObject({ userId: user.id, clientId: CLI_CLIENT_ID, refreshTokenHash: sha256(tokens.refresh_token), revokedAt: null });
    expect(JSON.stringify(stored)).not.toContain(tokens.access_token.slice(4));
    expect(stored.refreshExpiresAt!.getTime() - stored.accessExpiresAt.getTime()).toBeGreaterThanOrEqual(90 * DAY * 1000 - 1000);

    expect(await oauthFailure(exchangeDeviceCode(deviceCode))).toEqual({ code: "invalid_grant", status: 400 });
  });

  it("says access_denied after a deny, and the code cannot be decided twice", async () => {
    const user = await newUser();
    const { deviceCode, userCode } = await startDeviceAuthorization(CLI_CLIENT_ID, "user:read");
    await decideDeviceGrant(user.id, userCode, "denied");
    await expect(decideDeviceGrant(user.id, userCode, "approved")).rejects.toMatchObject({ kind: "not_found" });
    expect(await oauthFailure(exchangeDeviceCode(deviceCode))).toEqual({ code: "access_denied", status: 400 });
    expect(await oauthFailure(exchangeDeviceCode(deviceCode))).toEqual({ code: "access_denied", status: 400 });
  });

  it("is approved for the workspace chosen, one of the user's, and its token works there", async () => {
    const owner = await newUser();
    const member = await newUser();
    const slug = await createWorkspace(owner.id, owner.email, "Device Team");
    await addMemberBySlug(slug, member.id, "member");
    const team = await getDb().workspace.findUniqueOrThrow({ where: { slug } });
    const { deviceCode, userCode } = await startDeviceAuthorization(CLI_CLIENT_ID, "workspace:read");
    await decideDeviceGrant(member.id, userCode, "approved", team.id);
    const { access_token } = await exchangeDeviceCode(deviceCode);
    expect(await getDb().oAuthToken.findUniqueOrThrow({ where: { accessTokenHash: sha256(access_token) } })).toMatchObject({
      userId: member.id,
      workspaceId: team.id,
    });
  });

  it("refuses a workspace the user is not a member of, or an id that is none, and the grant still waits", async () => {
    const user = await newUser();
    const foreign = await personalWorkspaceId((await newUser()).id);
    const { deviceCode, userCode } = await startDeviceAuthorization(CLI_CLIENT_ID, "user:read");
    for (const decision of ["approved", "denied"] as const) {
      for (const workspaceId of [foreign, crypto.randomUUID(), "not-an-id"]) {
        await expect(decideDeviceGrant(user.id, userCode, decision, workspaceId), workspaceId).rejects.toMatchObject({
          kind: "validation",
          issues: [{ pointer: "/workspace_id", detail: "Invalid value", message: "You are not a member of this workspace." }],
        });
      }
    }
    expect(await getDb().deviceGrant.findUniqueOrThrow({ where: { userCode } })).toMatchObject({ status: "pending", userId: null, workspaceId: null });
    expect(await oauthFailure(exchangeDeviceCode(deviceCode))).toEqual({ code: "authorization_pending", status: 400 });
  });

  it("says expired_token once the grant expired, and cannot be approved then", async () => {
    const user = await newUser();
    const { deviceCode, userCode } = await startDeviceAuthorization(CLI_CLIENT_ID, "user:read");
    await getDb().deviceGrant.update({ where: { userCode }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect(await findPendingGrant(userCode)).toBeNull();
    await expect(decideDeviceGrant(user.id, userCode, "approved")).rejects.toBeInstanceOf(AppError);
    expect(await oauthFailure(exchangeDeviceCode(deviceCode))).toEqual({ code: "expired_token", status: 400 });
  });

  it("refuses an unknown device code, or one presented by another client", async () => {
    expect(await oauthFailure(exchangeDeviceCode("not-a-device-code"))).toEqual({ code: "invalid_grant", status: 400 });
    const user = await newUser();
    const { deviceCode, userCode } = await startDeviceAuthorization(CLI_CLIENT_ID, "user:read");
    await decideDeviceGrant(user.id, userCode, "approved");
    expect(await oauthFailure(exchangeDeviceCode(deviceCode, "someone-else"))).toEqual({ code: "invalid_grant", status: 400 });
    expect((await exchangeDeviceCode(deviceCode, CLI_CLIENT_ID)).token_type).toBe("Bearer");
  });

  it("sends no redirect for a client registered without one, and uses its token lifetime", async () => {
    const client = await createOAuthClient({ name: "Headless", redirect_uri: null, ttl_days: 7 });
    expect(client.id).toMatch(/^[0-9A-Za-z]{22}$/);
    const user = await newUser();
    const { deviceCode, userCode } = await startDeviceAuthorization(client.id, "worklog:*");
    await decideDeviceGrant(user.id, userCode, "approved");
    expect(await findDecidedGrant(user.id, userCode)).toMatchObject({ decision: "approved", clientName: "Headless", callback: null });
    expect(await exchangeDeviceCode(deviceCode)).toMatchObject({ expires_in: 7 * DAY, scope: "worklog:*" });
  });

  it("shows a decided grant to the user who decided it, with the loopback callback that tells the client, until it is exchanged", async () => {
    const user = await newUser();
    const { deviceCode, userCode } = await startDeviceAuthorization(CLI_CLIENT_ID, "user:read");
    expect(await findDecidedGrant(user.id, userCode)).toBeNull();
    await decideDeviceGrant(user.id, userCode, "approved");
    expect(await findDecidedGrant(user.id, userCode.toLowerCase())).toEqual({
      decision: "approved",
      clientName: "Accomplish CLI",
      collected: false,
      expired: false,
      callback: `http://127.0.0.1:8000/callback?device_code=${deviceCode}`,
    });
    expect(await findDecidedGrant((await newUser()).id, userCode)).toBeNull();
    await exchangeDeviceCode(deviceCode);
    expect(await findDecidedGrant(user.id, userCode)).toMatchObject({ decision: "approved", collected: true, callback: null });

    const denied = await startDeviceAuthorization(CLI_CLIENT_ID, "user:read");
    await decideDeviceGrant(user.id, denied.userCode, "denied");
    expect(await findDecidedGrant(user.id, denied.userCode)).toMatchObject({
      decision: "denied",
      callback: `http://127.0.0.1:8000/callback?device_code=${denied.deviceCode}`,
    });
    await getDb().deviceGrant.update({ where: { userCode: denied.userCode }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect(await findDecidedGrant(user.id, denied.userCode)).toMatchObject({ decision: "denied", expired: true, callback: null });
  });

  it("tells only a loopback redirect URI, whatever a client was registered with before that rule", async () => {
    const user = await newUser();
    for (const redirectUri of ["https://example.com/callback", "http://192.168.1.2:8000/callback", "http://[::1]:8000/callback", "http://localhost:9000/cb"]) {
      const client = await getDb().oAuthClient.create({ data: { id: crypto.randomUUID(), name: "Old", redirectUri, accessTokenTtlSeconds: DAY } });
      const { deviceCode, userCode } = await startDeviceAuthorization(client.id, "user:read");
      await decideDeviceGrant(user.id, userCode, "approved");
      const expected = redirectUri.startsWith("http://localhost") ? `${redirectUri}?device_code=${deviceCode}` : null;
      expect((await findDecidedGrant(user.id, userCode))?.callback, redirectUri).toBe(expected);
    }
  });
});

describe("tokens", () => {
  it("rotate on refresh: the old pair stops working, a refresh token works once, the device stays one", async () => {
    const { user, tokens } = await approvedTokens();
    const [device] = await listDevices(user.id);
    const renewed = await refreshTokens(tokens.refresh_token);
    expect(await listDevices(user.id)).toEqual([{ ...device, accessExpiresAt: expect.any(Date) }]);
    expect(renewed.access_token).not.toBe(tokens.access_token);
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect(renewed.scope).toBe(tokens.scope);
    expect(await oauthFailure(describeToken(tokens.access_token))).toEqual({ code: "invalid_token", status: 401 });
    expect((await describeToken(renewed.access_token)).active).toBe(true);
  });

  it("revoke the pair when a refresh token rotated away is presented again", async () => {
    const { user, tokens } = await approvedTokens();
    const renewed = await refreshTokens(tokens.refresh_token);
    expect(await oauthFailure(refreshTokens(tokens.refresh_token))).toEqual({ code: "invalid_grant", status: 400 });
    expect(await oauthFailure(describeToken(renewed.access_token))).toEqual({ code: "invalid_token", status: 401 });
    expect(await oauthFailure(refreshTokens(renewed.refresh_token))).toEqual({ code: "invalid_grant", status: 400 });
    expect(await listDevices(user.id)).toEqual([]);
  });

  it("do not refresh once the refresh token expired, or for another client", async () => {
    const { tokens } = await approvedTokens();
    expect(await oauthFailure(refreshTokens(tokens.refresh_token, "someone-else"))).toEqual({ code: "invalid_grant", status: 400 });
    await getDb().oAuthToken.update({ where: { refreshTokenHash: sha256(tokens.refresh_token) }, data: { refreshExpiresAt: new Date(Date.now() - 1) } });
    expect(await oauthFailure(refreshTokens(tokens.refresh_token))).toEqual({ code: "invalid_grant", status: 400 });
  });

  it("are described while live, and not once expired", async () => {
    const { user, tokens } = await approvedTokens("project:read");
    const described = await describeToken(tokens.access_token);
    const stored = await getDb().oAuthToken.findUniqueOrThrow({ where: { accessTokenHash: sha256(tokens.access_token) } });
    expect(described).toEqual({
      active: true,
      scope: "project:read",
      client_id: CLI_CLIENT_ID,
      username: user.email,
      exp: Math.floor(stored.accessExpiresAt.getTime() / 1000),
    });
    await getDb().oAuthToken.update({ where: { id: stored.id }, data: { accessExpiresAt: new Date(Date.now() - 1) } });
    expect(await oauthFailure(describeToken(tokens.access_token))).toEqual({ code: "invalid_token", status: 401 });
  });

  it("are revoked by either token of the pair; an unknown token is no error", async () => {
    const first = await approvedTokens();
    await revokeToken(first.tokens.refresh_token);
    expect(await oauthFailure(describeToken(first.tokens.access_token))).toEqual({ code: "invalid_token", status: 401 });
    const second = await approvedTokens();
    await revokeToken(second.tokens.access_token);
    expect(await oauthFailure(refreshTokens(second.tokens.refresh_token))).toEqual({ code: "invalid_grant", status: 400 });
    await expect(revokeToken("wlo_unknown")).resolves.toBeUndefined();
  });

  it("are listed as the account's devices, newest first, and revoked there for that account only", async () => {
    const { user, tokens } = await approvedTokens();
    const stranger = await newUser();
    const [device, ...others] = await listDevices(user.id);
    expect(others).toEqual([]);
    expect(device).toMatchObject({
      client: { name: "Accomplish CLI" },
      scopes: ["user:read", "user:write", "project:read", "project:write", "worklog:read", "worklog:write", "repo:read", "repo:write"],
      lastUsedAt: null,
    });
    await expect(revokeDevice(stranger.id, device!.id)).rejects.toMatchObject({ kind: "not_found" });
    expect(await listDevices(stranger.id)).toEqual([]);
    await revokeDevice(user.id, device!.id);
    expect(await listDevices(user.id)).toEqual([]);
    expect(await oauthFailure(describeToken(tokens.access_token))).toEqual({ code: "invalid_token", status: 401 });
    await expect(revokeDevice(user.id, device!.id)).rejects.toMatchObject({ kind: "not_found" });
  });
});
