import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer, uniqueClientAddress } from "../support/shared-server";
import { csrfToken, signInWithPassword } from "../support/web-session";

// Sign-ins go to next-auth's own endpoints, by plain fetches. On the shared server (behind one
// trusted proxy) each test signs in from a client address of its own, in `x-forwarded-for`, so
// that the failed sign-ins it counts per address never add up with another file's or test's.

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer();
});

const csrf = (client: string, sessionCookie?: string) => csrfToken(server.url, client, sessionCookie);
const signIn = (client: string, email: string, password: string) => signInWithPassword(server.url, email, password, client);

/**
 * Runs `attempt` until it ran within one window of the limiter's fixed windows (aligned to the
 * clock, lib/rate-limit/memory.ts): a window that ended meanwhile rightly starts the count again.
 */
async function withinOneWindow(windowMs: number, attempt: () => Promise<void>) {
  const window = () => Math.floor(Date.now() / windowMs);
  for (;;) {
    const started = window();
    try {
      await attempt();
      return;
    } catch (error) {
      if (window() === started) throw error;
    }
  }
}

const FIFTEEN_MINUTES_MS = 15 * 60_000;

describe("accounts: sign-in limits, passwords, sessions that end", () => {
  async function signedIn(sessionCookie: string): Promise<boolean> {
    const response = await fetch(`${server.url}/settings/profile`, { redirect: "manual", headers: { cookie: sessionCookie } });
    if (response.status === 200) return true;
    expect(response.headers.get("location")).toContain("/signin");
    return false;
  }

  it("a session cookie copied before signing out no longer works after it, nor does next-auth's session endpoint show it", async () => {
    const client = uniqueClientAddress();
    const { email, password } = await server.createUser();
    const { session } = await signIn(client, email, password);
    expect(session).toBeDefined();
    expect(await signedIn(session!)).toBe(true);

    const { csrfToken, cookie } = await csrf(client, session);
    const signOut = await fetch(`${server.url}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": client },
      body: new URLSearchParams({ csrfToken, callbackUrl: "/" }),
    });
    expect(signOut.status).toBe(302);

    expect(await signedIn(session!)).toBe(false);
    const sessionEndpoint = await fetch(`${server.url}/api/auth/session`, { headers: { cookie: session! } });
    expect(await sessionEndpoint.json()).toBeNull();
    // Signing in again works as before.
    const again = await signIn(client, email, password);
    expect(await signedIn(again.session!)).toBe(true);
  });

  // Which passwords are weak is tests/unit/password-strength.test.ts's; here, that the command
  // line applies the same rule (a password long enough, and still refused).
  it("no account is created with a weak password from the command line either", async () => {
    const result = await server.admin("user:create", "--email", `weak-${crypto.randomUUID()}@example.com`, "--password", "Passw0rd!!");
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^\/password: /);
  });

  it("after 10 failed sign-ins of an account in 15 minutes, even the right password is refused, with the wait", async () => {
    const client = uniqueClientAddress();
    await withinOneWindow(FIFTEEN_MINUTES_MS, async () => {
      const { email, password } = await server.createUser();
      for (let attempt = 1; attempt <= 10; attempt++) {
        const { session, location } = await signIn(client, email.toUpperCase(), `wrong password ${attempt}`);
        expect(session).toBeUndefined();
        expect(location).toContain("code=credentials");
      }
      const refused = await signIn(client, email, password);
      expect(refused.session).toBeUndefined();
      expect(refused.location).toContain("code=too_many_attempts");
    });
    // Another account from the same address still signs in.
    const other = await server.createUser();
    expect((await signIn(client, other.email, other.password)).session).toBeDefined();
  });

  it("after 60 failed sign-ins from one client address in a minute, no account of it signs in", async () => {
    const { email, password } = await server.createUser();
    let failures = 0;
    await withinOneWindow(60_000, async () => {
      const client = uniqueClientAddress();
      for (let attempt = 1; attempt <= 60; attempt++) {
        const { location } = await signIn(client, `nobody-${failures++}@example.com`, "not a password of anyone");
        expect(location).toContain("code=credentials");
      }
      const refused = await signIn(client, email, password);
      expect(refused.session).toBeUndefined();
      expect(refused.location).toContain("code=too_many_attempts");
    });
    // Another address signs the account in.
    expect((await signIn(uniqueClientAddress(), email, password)).session).toBeDefined();
    // 61 sign-ins through the whole sign-in path, twice at most: a bound for a slow machine, not a speed test.
  }, 180_000);
});

describe("the device page: guessing user codes", () => {
  it("after 10 wrong codes in 15 minutes, a signed-in user waits, even with a right code; another user does not", async () => {
    const client = uniqueClientAddress();
    const accountSession = async () => {
      const { email, password } = await server.createUser();
      const { session } = await signIn(client, email, password);
      expect(session).toBeDefined();
      return session!;
    };
    const page = async (session: string, userCode: string) =>
      (await fetch(`${server.url}/device?user_code=${encodeURIComponent(userCode)}`, { headers: { cookie: session, "x-forwarded-for": client } })).text();
    const started = await server.request("/auth/device/code", { method: "POST", body: { client_id: "90w0AXnlNgnh2XBJdexYjw", scope: "worklog:read" } });
    const { user_code } = (await started.json()) as { user_code: string };

    await withinOneWindow(FIFTEEN_MINUTES_MS, async () => {
      const guesser = await accountSession();
      expect(await page(guesser, user_code)).toContain("wants to use your Worklog account");
      for (const letter of "BCDFGHJKLM") expect(await page(guesser, `BBBB-BBB${letter}`)).toContain("This code is unknown");
      const limited = await page(guesser, user_code);
      expect(limited).toMatch(/Too many wrong codes\. Try again in \d+ minutes?\./);
      expect(limited).not.toContain("wants to use your Worklog account");
    });

    expect(await page(await accountSession(), user_code)).toContain("wants to use your Worklog account");
  });
});

describe("the invitation page: guessing links", () => {
  it("after 10 links that name nothing in 15 minutes, a client address waits, even with a right link; another address does not", async () => {
    const owner = await server.createUser();
    const slug = await server.createWorkspace(owner.email, "Guarded team");
    const key = await server.createKey(owner.email, ["workspace:write"], "invitations", slug);
    const created = await server.request("/api/v1/workspace/invitations", { key, method: "POST", body: { email: "guarded@example.com", role: "viewer" } });
    expect(created.status).toBe(201);
    const invitationPath = new URL(((await created.json()) as { invite_url: string }).invite_url).pathname;
    const page = async (client: string, path: string) => (await fetch(`${server.url}${path}`, { headers: { "x-forwarded-for": client } })).text();
    const client = uniqueClientAddress();
    const opened = await fetch(`${server.url}${invitationPath}`, { headers: { "x-forwarded-for": uniqueClientAddress() } });
    expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
    expect(opened.headers.get("x-robots-tag")).toBe("noindex, nofollow");

    await withinOneWindow(FIFTEEN_MINUTES_MS, async () => {
      expect(await page(client, invitationPath)).toContain("This invitation was sent to");
      for (const letter of "BCDFGHJKLM") expect(await page(client, `/invite/wli_${letter.repeat(32)}`)).toContain("This invitation link does not work");
      const limited = await page(client, invitationPath);
      expect(limited).toMatch(/Too many wrong invitation links\. Try again in \d+ minutes?\./);
      expect(limited).not.toContain("guarded@example.com");
    });

    expect(await page(uniqueClientAddress(), invitationPath)).toContain("This invitation was sent to");
  });
});
