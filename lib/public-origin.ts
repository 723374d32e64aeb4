import { getConfig } from "@/lib/config";

/**
 * The origin of absolute links (README.md, "Security"): APP_URL when set; else the host the
 * request names when it is the server's own (HOSTNAME:PORT) or listed in ALLOWED_HOSTS, and
 * the server's own otherwise, so that a forged `Host` or `X-Forwarded-Host` never reaches a
 * response. Never `request.url`: under `next start -H` it says `localhost`.
 */
export function publicOrigin(headers: Headers): string {
  const { appUrl, serverHost, allowedHosts } = getConfig();
  if (appUrl) return appUrl;
  const first = (name: string) => headers.get(name)?.split(",")[0]?.trim().toLowerCase();
  const requested = first("x-forwarded-host") ?? first("host");
  const host = requested && (requested === serverHost || allowedHosts.includes(requested)) ? requested : serverHost;
  return `${first("x-forwarded-proto") === "https" ? "https" : "http"}://${host}`;
}
