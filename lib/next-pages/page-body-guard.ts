import { actionArraySlots, MalformedActionArguments, MAX_ACTION_ARRAY_SLOTS, type ActionRows } from "../server-actions/action-arguments";

/**
 * The largest body a page takes, server actions included (next.config.mjs sets Next.js's own
 * limits to it). Settings → Data's import, the one upload that is larger, goes to a route of its
 * own (app/settings/data/import/route.ts) once the session is known.
 */
export const PAGE_MAX_BODY_BYTES = 1024 * 1024;

function refusal(status: number, message: string): Response {
  return new Response(`${message}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

/**
 * The host Next.js compares a server action's Origin with (its action handler's
 * `parseHostHeader`): the first `x-forwarded-host`, else `Host`.
 */
function servedHost(headers: Headers): string | undefined {
  return headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host") || undefined;
}

function originHost(origin: string): string | undefined {
  if (origin === "null") return "null";
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** Whether the request's Origin names this site, as Next.js checks a server action's. */
export function isSameOrigin(headers: Headers): boolean {
  const origin = headers.get("origin");
  return origin !== null && originHost(origin) === servedHost(headers);
}

/**
 * Whether a request other than GET or HEAD comes from elsewhere: its Origin names another site,
 * or, a POST (a form or server action) without an Origin, its `Sec-Fetch-Site` is not
 * `same-origin`. Browsers send an Origin with every POST; Next.js runs an action without one.
 */
function isForeign(request: Request): boolean {
  const { headers } = request;
  if (headers.has("origin")) return !isSameOrigin(headers);
  return request.method === "POST" && headers.get("sec-fetch-site") !== "same-origin";
}

/** Rows of React's reply encoding, by the prefix their names share: "" for a fetch action, `$ACTION_1:` for a form's bound arguments. */
function rowGroups(fields: Iterable<[string, FormDataEntryValue]>): ActionRows[] {
  const groups = new Map<string, ActionRows>();
  for (const [name, value] of fields) {
    const row = /^(|\$ACTION_\d+:)(\d+)$/.exec(name);
    if (!row || typeof value !== "string") continue;
    if (!groups.has(row[1]!)) groups.set(row[1]!, new Map());
    groups.get(row[1]!)!.set(Number(row[2]), value);
  }
  return [...groups.values()];
}

async function actionRows(request: Request, isFetchAction: boolean, isMultipart: boolean): Promise<ActionRows[]> {
  if (!isMultipart) return [new Map([[0, await request.text()]])];
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new MalformedActionArguments("The form data is malformed");
  }
  const groups = rowGroups(form.entries());
  return isFetchAction || groups.length ? groups : [];
}

/**
 * What a page request carrying a body must pass before Next.js reads it, each refusal being one
 * Next.js would otherwise make a 500 of, or not make at all: a body of at most
 * PAGE_MAX_BODY_BYTES, with its length announced (411 without); an Origin, when sent, naming
 * this host, and a POST without one from this site all the same (403; Next.js refuses a foreign
 * Origin with a 500, and runs an action without one); and server action arguments within
 * React's decoder's bounds (400).
 */
export async function pageBodyRefusal(request: Request): Promise<Response | undefined> {
  const { headers } = request;
  const length = headers.get("content-length");
  if (length === null && headers.has("transfer-encoding")) return refusal(411, "A body sent to a page must announce its length (Content-Length).");
  if (Number(length) > PAGE_MAX_BODY_BYTES) return refusal(413, "Request body too large: pages and server actions take at most 1 MiB.");
  if (request.method === "GET" || request.method === "HEAD") return undefined;
  if (isForeign(request)) {
    return refusal(
      403,
      "Forbidden: forms and server actions are taken only from this site, and the request's Origin (or, without one, its Sec-Fetch-Site) does not say it comes from it.",
    );
  }
  const isFetchAction = headers.has("next-action");
  const isMultipart = (headers.get("content-type") ?? "").startsWith("multipart/form-data");
  if (request.method !== "POST" || !(isFetchAction || isMultipart)) return undefined;
  try {
    const groups = await actionRows(request, isFetchAction, isMultipart);
    if (groups.some((rows) => actionArraySlots(rows) > MAX_ACTION_ARRAY_SLOTS)) {
      return refusal(400, `The server action's arguments are too large: their arrays may hold ${MAX_ACTION_ARRAY_SLOTS} elements in all.`);
    }
  } catch (error) {
    if (error instanceof MalformedActionArguments) return refusal(400, `The server action's arguments are malformed: ${error.message}.`);
    throw error;
  }
  return undefined;
}
