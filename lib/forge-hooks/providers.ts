/** The forges whose webhooks Worklog receives (docs/api.md, "Incoming hooks"). */
export const forgeProviders = ["github", "gitlab"] as const;
export type ForgeProvider = (typeof forgeProviders)[number];

export const forgeProviderNames: Record<ForgeProvider, string> = { github: "GitHub", gitlab: "GitLab" };

/** The request headers each forge names its deliveries with. */
export const forgeDeliveryHeaders = {
  github: { event: "x-github-event", delivery: "x-github-delivery", signature: "x-hub-signature-256" },
  gitlab: { event: "x-gitlab-event", delivery: "x-gitlab-event-uuid", signature: "x-gitlab-token" },
} as const satisfies Record<ForgeProvider, { event: string; delivery: string; signature: string }>;

export function isForgeProvider(value: string): value is ForgeProvider {
  return (forgeProviders as readonly string[]).includes(value);
}
