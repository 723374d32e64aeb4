// The API as the signed-in browser calls it: the session cookie, with the workspace named in a
// header (docs/api.md, "Authentication"), from a page or the service worker.

/** Sends a request to `/api/v1<path>` as the signed-in user in `workspace`. */
export function sessionFetch(workspace: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`/api/v1${path}`, {
    ...init,
    credentials: "same-origin",
    cache: "no-store",
    headers: { ...init.headers, "Worklog-Workspace": workspace },
  });
}

/** The answer's JSON body, or undefined when it has none. */
export async function jsonBody(response: Response): Promise<unknown> {
  return response.json().catch(() => undefined);
}
