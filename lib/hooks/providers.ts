/** The forges whose webhooks Worklog receives (docs/api.md, "Incoming hooks"). */
export const hookProviders = ["github", "gitlab"] as const;
export type HookProvider = (typeof hookProviders)[number];

export const providerNames: Record<HookProvider, string> = { github: "GitHub", gitlab: "GitLab" };

/** The request headers each forge names its deliveries with. */
export const deliveryHeaders = {
  github: { event: "x-github-event", delivery: "x-github-delivery", signature: "x-hub-signature-256" },
  gitlab: { event: "x-gitlab-event", delivery: "x-gitlab-event-uuid", signature: "x-gitlab-token" },
} as const satisfies Record<HookProvider, { event: string; delivery: string; signature: string }>;

export function isHookProvider(value: string): value is HookProvider {
  return (hookProviders as readonly string[]).includes(value);
}
