import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type PrivateServer } from "../support/server";

/** next-auth's CSRF token, with the cookie it belongs to (and any session cookie given). */
async function csrf(server: PrivateServer, sessionCookie = "") {
  const response = await fetch(`${server.url}/api/auth/csrf`, { headers: { cookie: sessionCookie } });
  const cookies = response.headers.getSetCookie().map((setCookie) => setCookie.split(";")[0]);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { csrfToken, cookie: [sessionCookie, ...cookies].filter(Boolean).join("; ") };
}

/** Signs in through next-auth's own endpoint: the session cookie, or undefined and where it sent the browser. */
async function signIn(server: PrivateServer, email: string, password: string) {
  const { csrfToken, cookie } = await csrf(server);
  const response = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: "/" }),
  });
  const session = response.headers.getSetCookie().find((setCookie) => setCookie.startsWith("authjs.session-token="));
  return { session: session?.split(";")[0], location: response.headers.get("location") ?? "" };
}

describe("accounts: sign-in limits, passwords, sessions that end", () => {
  let accounts: PrivateServer;

  beforeAll(async () => {
    accounts = await startServer();
  });

  afterAll(async () => {
    await accounts?.stop();
  });

  async function signedIn(sessionCookie: string): Promise<boolean> {
    const response = await fetch(`${accounts.url}/settings/profile`, { redirect: "manual", headers: { cookie: sessionCookie } });
    if (response.status === 200) return true;
    expect(response.headers.get("location")).toContain("/signin");
    return false;
  }

  it("a session cookie copied before signing out no longer works after it, nor does next-auth's session endpoint show it", async () => {
    const { email, password } = await accounts.createUser();
    const { session } = await signIn(accounts, email, password);
    expect(session).toBeDefined();
    expect(await signedIn(session!)).toBe(true);

    const { csrfToken, cookie } = await csrf(accounts, session);
    const signOut = await fetch(`${accounts.url}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: "/" }),
    });
    expect(signOut.status).toBe(302);

    expect(await signedIn(session!)).toBe(false);
    const sessionEndpoint = await fetch(`${accounts.url}/api/auth/session`, { headers: { cookie: session! } });
    expect(await sessionEndpoint.json()).toBeNull();
    // Signing in again works as before.
    const again = await signIn(accounts, email, password);
    expect(await signedIn(again.session!)).toBe(true);
  });

  it.each(["password", "12345678", "        ", "password123", "qwertyuiop", "Passw0rd!!"])(
    "no account is created with the weak password %j, from the command line either",
    async (password) => {
      const result = await accounts.admin("user:create", "--email", `weak-${Buffer.from(password).toString("hex")}@example.com`, "--password", password);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toMatch(/^\/password: /);
    },
  );

  it("after 10 failed sign-ins of an account in 15 minutes, even the right password is refused, with the wait", async () => {
    const { email, password } = await accounts.createUser();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const { session, location } = await signIn(accounts, email.toUpperCase(), `wrong password ${attempt}`);
      expect(session).toBeUndefined();
      expect(location).toContain("code=credentials");
    }
    const refused = await signIn(accounts, email, password);
    expect(refused.session).toBeUndefined();
    expect(refused.location).toContain("code=too_many_attempts");
    // Another account from the same address still signs in.
    const other = await accounts.createUser();
    expect((await signIn(accounts, other.email, other.password)).session).toBeDefined();
  });

  it("after 60 failed sign-ins from one client address in a minute, no account of it signs in", async () => {
    const { email, password } = await accounts.createUser();
    const minute = () => Math.floor(Date.now() / 60_000);
    let failures = 0;
    /** Fails sign-ins of unknown emails until the address is refused; two windows' worth at most. */
    async function exhaustAddress() {
      for (let attempt = 0; attempt < 120; attempt++) {
        const { location } = await signIn(accounts, `nobody-${failures++}@example.com`, "not a password of anyone");
        if (location.includes("code=too_many_attempts")) return;
      }
      throw new Error("120 failed sign-ins in a row were never refused");
    }
    for (;;) {
      await exhaustAddress();
      const refusedIn = minute();
      const refused = await signIn(accounts, email, password);
      // The clock's minute ended between the two: the window rightly started again; once more.
      if (refused.session && minute() !== refusedIn) continue;
      expect(refused.session).toBeUndefined();
      expect(refused.location).toContain("code=too_many_attempts");
      return;
    }
    // 60 to 120 sign-ins through the whole sign-in path: a bound for a slow machine, not a speed test.
  }, 180_000);
});

describe("the device page: guessing user codes", () => {
  let devices: PrivateServer;

  beforeAll(async () => {
    devices = await startServer();
  });

  afterAll(async () => {
    await devices?.stop();
  });

  it("after 10 wrong codes in 15 minutes, a signed-in user waits, even with a right code; another user does not", async () => {
    const accountSession = async () => {
      const { email, password } = await devices.createUser();
      const { session } = await signIn(devices, email, password);
      expect(session).toBeDefined();
      return session!;
    };
    const page = async (session: string, userCode: string) =>
      (await fetch(`${devices.url}/device?user_code=${encodeURIComponent(userCode)}`, { headers: { cookie: session } })).text();
    const started = await devices.request("/auth/device/code", { method: "POST", body: { client_id: "90w0AXnlNgnh2XBJdexYjw", scope: "worklog:read" } });
    const { user_code } = (await started.json()) as { user_code: string };

    const guesser = await accountSession();
    expect(await page(guesser, user_code)).toContain("wants to use your Worklog account");
    for (const letter of "BCDFGHJKLM") expect(await page(guesser, `BBBB-BBB${letter}`)).toContain("This code is unknown");
    const limited = await page(guesser, user_code);
    expect(limited).toMatch(/Too many wrong codes\. Try again in \d+ minutes?\./);
    expect(limited).not.toContain("wants to use your Worklog account");

    expect(await page(await accountSession(), user_code)).toContain("wants to use your Worklog account");
  });
});
