import type { Operation } from "@/lib/api/operation";
import { RECAP_PLAN } from "@/lib/recaps/recaps";
import { ranScheduleExample, scheduleExample } from "./examples";
import { scheduleListResponseSchema, scheduleResponseSchema } from "./responses";
import { scheduleCreateSchema, scheduleUpdateSchema } from "./schemas";

const tag = {
  name: "Recap schedules",
  description:
    "Recaps made on days of the week at a time of the account's zone and sent to one of the account's webhooks (a `recap.scheduled` event) or to a Slack or Discord incoming webhook, with a share link to the recap (README \"Scheduled recaps\"). Plan `pro` only.",
};

const refused =
  "A field is invalid; the Slack or Discord URL is refused (not http(s), unresolvable, or a host with a loopback, private, link-local or metadata address, at `/destination/url`); or `/destination/webhook_id` names no webhook of the account.";

export const scheduleOperations = {
  list: {
    kind: "api",
    operationId: "listRecapSchedules",
    method: "get",
    path: "/api/v1/recap_schedules",
    tag,
    summary: "List recap schedules",
    description: "Every schedule of the account (at most 20), the newest first, with when each runs next and how its last run went.",
    scope: "user:write",
    role: "viewer",
    plan: RECAP_PLAN,
    responses: { 200: { description: "The account's schedules.", schema: scheduleListResponseSchema, example: { recap_schedules: [scheduleExample] } } },
  },
  create: {
    kind: "api",
    operationId: "createRecapSchedule",
    method: "post",
    path: "/api/v1/recap_schedules",
    tag,
    summary: "Create a recap schedule",
    description:
      "A recap of the template and period, made and sent on each of the days at the time, in the account's time zone. An account has at most 20 schedules.",
    scope: "user:write",
    role: "admin",
    plan: RECAP_PLAN,
    body: {
      schema: scheduleCreateSchema,
      example: {
        template: "standup",
        period: "yesterday",
        weekdays: [1, 2, 3, 4, 5],
        time: "09:00",
        destination: { kind: "slack", url: "https://hooks.slack.com/services/T000/B000/XXXXXXXX" },
      },
    },
    responses: { 201: { description: "The new schedule.", schema: scheduleResponseSchema, example: scheduleExample } },
    errors: { 422: `${refused} The 21st schedule is \`Too many items: at most 20\` at \`""\`.` },
  },
  get: {
    kind: "api",
    operationId: "getRecapSchedule",
    method: "get",
    path: "/api/v1/recap_schedules/{id}",
    tag,
    summary: "Get a recap schedule",
    scope: "user:write",
    role: "viewer",
    plan: RECAP_PLAN,
    responses: { 200: { description: "The schedule.", schema: scheduleResponseSchema, example: scheduleExample } },
  },
  update: {
    kind: "api",
    operationId: "updateRecapSchedule",
    method: "put",
    path: "/api/v1/recap_schedules/{id}",
    tag,
    summary: "Update a recap schedule",
    description: "Changes the fields sent; the others stay as they are. Its next run is computed again.",
    scope: "user:write",
    role: "admin",
    plan: RECAP_PLAN,
    body: { schema: scheduleUpdateSchema, example: { weekdays: [1, 3, 5], time: "08:30" } },
    responses: { 200: { description: "The schedule as it is now.", schema: scheduleResponseSchema, example: scheduleExample } },
    errors: { 422: refused },
  },
  delete: {
    kind: "api",
    operationId: "deleteRecapSchedule",
    method: "delete",
    path: "/api/v1/recap_schedules/{id}",
    tag,
    summary: "Delete a recap schedule",
    description: "It runs no more; a run under way still sends its recap.",
    scope: "user:write",
    role: "admin",
    plan: RECAP_PLAN,
    responses: { 200: { description: "The schedule as it was.", schema: scheduleResponseSchema, example: scheduleExample } },
  },
  run: {
    kind: "api",
    operationId: "runRecapSchedule",
    method: "post",
    path: "/api/v1/recap_schedules/{id}/run",
    tag,
    summary: "Run a recap schedule now",
    description:
      "Makes and sends its recap now, as of today, whatever its days and time and even while it is disabled; its next run stays as it was. Follow `last_run_status` until it is `sent`, `delivered` or `failed`.",
    scope: "user:write",
    role: "admin",
    plan: RECAP_PLAN,
    responses: { 202: { description: "The schedule, its run enqueued.", schema: scheduleResponseSchema, example: ranScheduleExample } },
  },
} satisfies Record<string, Operation>;
