// The web app's session, as a browser gets it: next-auth's CSRF token and credentials form.

const forwardedFor = (client: string | undefined): Record<string, string> => (client ? { "x-forwarded-for": client } : {});

/** next-auth's CSRF token, with the cookie it belongs to (and any session cookie given), asked from `client`. */
export async function csrfToken(url: string, client?: string, sessionCookie = "") {
  const response = await fetch(`${url}/api/auth/csrf`, { headers: { cookie: sessionCookie, ...forwardedFor(client) } });
  const cookies = response.headers.getSetCookie().map((setCookie) => setCookie.split(";")[0]);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { csrfToken, cookie: [sessionCookie, ...cookies].filter(Boolean).join("; ") };
}

/**
 * Signs in through next-auth's credentials endpoint from `client`: the answer's status, the
 * session cookie (undefined when refused) and where it sent the browser.
 */
export async function signInWithPassword(url: string, email: string, password: string, client?: string) {
  const { csrfToken: token, cookie } = await csrfToken(url, client);
  const response = await fetch(`${url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...forwardedFor(client) },
    body: new URLSearchParams({ csrfToken: token, email, password, callbackUrl: "/" }),
  });
  const session = response.headers.getSetCookie().find((setCookie) => setCookie.startsWith("authjs.session-token="));
  return { status: response.status, session: session?.split(";")[0], location: response.headers.get("location") ?? "" };
}
