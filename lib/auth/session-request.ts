/**
 * The header by which the web app calls /api/v1 with its session instead of a key (docs/api.md,
 * "The web app's session"): the slug of the workspace it works in. The offline outbox replays
 * its writes so (README, "Offline and installing").
 */
export const SESSION_WORKSPACE_HEADER = "worklog-workspace";

/** Whether the request asks to be authenticated by the browser's session rather than by a key. */
export const asksForSession = (request: Request) => !request.headers.has("authorization") && request.headers.has(SESSION_WORKSPACE_HEADER);
