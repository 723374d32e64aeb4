/** What became of a schedule's last run (lib/schedules/responses.ts says what each means). */
export const scheduleRunStatuses = ["running", "sent", "delivered", "retrying", "failed"] as const;
export type ScheduleRunStatus = (typeof scheduleRunStatuses)[number];
