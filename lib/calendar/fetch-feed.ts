import "server-only";
import { getConfig } from "@/lib/config";
import { checkDestination, DestinationError, parseWebhookUrl } from "@/lib/webhooks/destination";
import { pinnedLookup, requestOf } from "@/lib/webhooks/send";

// Fetching a subscribed calendar (docs/api.md, "Calendar subscriptions") with the outbound
// webhooks' protections: the host checked (no private addresses, WEBHOOK_ALLOWED_HOSTS aside) and
// connected to at the address checked, no redirect followed, the time and the size bounded.

/** How long a fetch may take, from connecting to the last byte. */
export const FETCH_TIMEOUT_MS = 10_000;

/** The largest calendar read: a longer one is refused, not cut. */
export const MAX_CALENDAR_BYTES = 2 * 1024 * 1024;

/** Why a calendar could not be fetched, in words for its owner. */
export class CalendarFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CalendarFetchError";
  }
}

/** The calendar's text at `url`, or a CalendarFetchError saying why not. */
export async function fetchCalendar(url: string, signal: AbortSignal = new AbortController().signal): Promise<string> {
  let destination;
  try {
    destination = await checkDestination(parseWebhookUrl(url), getConfig().webhookAllowedHosts);
  } catch (error) {
    if (error instanceof DestinationError) throw new CalendarFetchError(`Refused: the URL ${error.message}`);
    throw error;
  }
  const bounded = AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]);
  try {
    return await new Promise<string>((resolve, reject) => {
      const outgoing = requestOf(destination.url)(
        destination.url,
        { method: "GET", headers: { accept: "text/calendar", "user-agent": "Worklog-Calendars/1" }, lookup: pinnedLookup(destination), signal: bounded },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status >= 300 && status < 400) {
            response.destroy();
            return reject(new CalendarFetchError(`The server answered ${status}, a redirect, which is not followed: subscribe to the address it names`));
          }
          if (status < 200 || status >= 300) {
            response.destroy();
            return reject(new CalendarFetchError(`The server answered ${status}`));
          }
          const chunks: Buffer[] = [];
          let length = 0;
          response.on("data", (chunk: Buffer) => {
            length += chunk.length;
            if (length > MAX_CALENDAR_BYTES) {
              response.destroy();
              reject(new CalendarFetchError(`The calendar is larger than ${MAX_CALENDAR_BYTES / 1024 / 1024} MiB`));
              return;
            }
            chunks.push(chunk);
          });
          response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
          response.on("error", reject);
        },
      );
      outgoing.on("error", reject);
      outgoing.end();
    });
  } catch (error) {
    if (error instanceof CalendarFetchError || signal.aborted) throw error;
    if (bounded.aborted) throw new CalendarFetchError(`No whole answer within ${FETCH_TIMEOUT_MS / 1000} s`);
    throw new CalendarFetchError(`Could not fetch it: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500));
  }
}
