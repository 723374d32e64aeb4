import { headers } from "next/headers";
import { getConfig } from "@/lib/config";

/** The public origin: APP_URL when set, else what the request (or the proxy in front) says. */
export async function publicOrigin(): Promise<string> {
  const { appUrl } = getConfig();
  if (appUrl) return appUrl;
  const requestHeaders = await headers();
  const first = (name: string) => requestHeaders.get(name)?.split(",")[0]?.trim();
  return `${first("x-forwarded-proto") ?? "http"}://${first("x-forwarded-host") ?? first("host") ?? "localhost"}`;
}
