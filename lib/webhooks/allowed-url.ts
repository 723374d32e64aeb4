import "server-only";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { checkDestination, DestinationError, parseWebhookUrl } from "./destination";

/**
 * An outbound URL as stored (a webhook's, a schedule's Slack or Discord address), once its form
 * and every address of its host are allowed (lib/webhooks/destination.ts); otherwise a 422 at
 * `pointer` that says why, `noun` naming the URL in the message for people.
 */
export async function allowedOutboundUrl(text: string, pointer: string, noun: string): Promise<string> {
  try {
    const url = parseWebhookUrl(text);
    await checkDestination(url, getConfig().webhookAllowedHosts);
    return url.href;
  } catch (error) {
    if (!(error instanceof DestinationError)) throw error;
    throw AppError.validation([{ pointer, detail: `Refused URL: it ${error.message}`, message: `${noun} ${error.message}.` }]);
  }
}
