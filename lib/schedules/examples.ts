import { exampleCreatedAt } from "@/lib/openapi/examples";
import type { ScheduleResponse } from "./responses";

const id = "01936f30-2b3c-7d4e-8f50-6a7b8c9d0e1f";

export const scheduleExample = {
  id,
  url: `/api/v1/recap_schedules/${id}`,
  template: "standup",
  period: "yesterday",
  weekdays: [1, 2, 3, 4, 5],
  time: "09:00",
  time_zone: "Europe/Paris",
  destination: { kind: "slack", webhook_id: null, url: "https://hooks.slack.com/services/T000/B000/XXXXXXXX" },
  enabled: true,
  next_run_at: "2026-11-27T08:00:00.000Z",
  last_run_at: null,
  last_run_status: null,
  last_run_error: null,
  last_recap_id: null,
  inserted_at: exampleCreatedAt,
  updated_at: exampleCreatedAt,
} satisfies ScheduleResponse;

export const ranScheduleExample = {
  ...scheduleExample,
  last_run_at: "2026-11-26T08:00:00.000Z",
  last_run_status: "running",
} satisfies ScheduleResponse;
