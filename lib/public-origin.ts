import { getConfig } from "@/lib/config";

/**
 * The origin clients reach us at: APP_URL when set, else what the request (or the proxy in
 * front) says. Never `request.url`: under `next start -H` it says `localhost` (STACK.md).
 */
export function publicOrigin(headers: Headers): string {
  const { appUrl } = getConfig();
  if (appUrl) return appUrl;
  const first = (name: string) => headers.get(name)?.split(",")[0]?.trim();
  return `${first("x-forwarded-proto") ?? "http"}://${first("x-forwarded-host") ?? first("host") ?? "localhost"}`;
}
