/** The events an endpoint may subscribe to (README "Webhooks"), as the migration 20261126040000_webhooks writes them. */
export const webhookEventTypes = [
  "entry.created",
  "entry.updated",
  "entry.deleted",
  "project.created",
  "project.updated",
  "project.deleted",
  "repository.created",
  "repository.updated",
  "repository.deleted",
  "commit.created",
  "recap.completed",
  "timer.started",
  "timer.stopped",
  "member.added",
  "member.removed",
  "member.role_changed",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The events of a workspace's members (lib/workspaces/member-events.ts), written by the member endpoints rather than by a table's trigger. */
export type MemberEventType = Extract<WebhookEventType, `member.${string}`>;

/** What an endpoint subscribes to: a type, or `project.*` and `repository.*` for each of theirs. */
export const webhookSubscriptions = [...webhookEventTypes, "project.*", "repository.*"] as const;
export type WebhookSubscription = (typeof webhookSubscriptions)[number];

/** The event "Send test event" sends, to an endpoint whatever it subscribes to. */
export const TEST_EVENT_TYPE = "webhook.test";

/** The event a recap schedule sends to its webhook, whatever it subscribes to (README "Scheduled recaps"): `{ schedule_id, share_url, recap }`. */
export const SCHEDULED_RECAP_EVENT_TYPE = "recap.scheduled";
