import type { Operation } from "@/lib/api/operation";
import { workspacesTag } from "@/lib/workspaces/api-tag";
import { standupReminderResponseSchema } from "./responses";
import { standupReminderUpdateSchema } from "./schemas";

const example = { enabled: true, remind_at: "16:30", time_zone: "Europe/Paris", last_reminded_on: null };

export const standupReminderOperations = {
  get: {
    kind: "api",
    operationId: "getStandupReminder",
    method: "get",
    path: "/api/v1/workspace/standup_reminder",
    tag: workspacesTag,
    summary: "Get your standup reminder",
    description: 'The caller\'s own standup reminder in the workspace (off by default): docs/api.md, "Standup reminders".',
    scope: "workspace:read",
    role: "viewer",
    responses: { 200: { description: "The reminder.", schema: standupReminderResponseSchema, example } },
  },
  update: {
    kind: "api",
    operationId: "updateStandupReminder",
    method: "put",
    path: "/api/v1/workspace/standup_reminder",
    tag: workspacesTag,
    summary: "Set your standup reminder",
    description:
      "Turns the caller's reminder on or off, at `remind_at` (HH:MM in the user's time zone) on working days, when they have written nothing since the last working day.",
    scope: "workspace:write",
    role: "viewer",
    body: { schema: standupReminderUpdateSchema, example: { enabled: true, remind_at: "16:30" } },
    responses: { 200: { description: "The reminder as set.", schema: standupReminderResponseSchema, example } },
    errors: { 422: "A field is missing or invalid (`must be a time HH:MM` at `/remind_at`)." },
  },
} satisfies Record<string, Operation>;
