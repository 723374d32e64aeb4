import { apiMethods, apiRoute } from "@/lib/api/route";
import { scheduleOperations } from "@/lib/schedules/operations";
import { toScheduleResponse } from "@/lib/schedules/responses";
import { createSchedule, listSchedules } from "@/lib/schedules/schedules";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(scheduleOperations.list, async ({ user }) => ({
    recap_schedules: (await listSchedules(user)).map((schedule) => toScheduleResponse(schedule, user.timezone)),
  })),
  apiRoute(scheduleOperations.create, async ({ user, body }) => toScheduleResponse(await createSchedule(user, body), user.timezone)),
);
