import { apiMethods, apiRoute } from "@/lib/api/route";
import { scheduleOperations } from "@/lib/schedules/operations";
import { toScheduleResponse } from "@/lib/schedules/responses";
import { createSchedule, listSchedules } from "@/lib/schedules/schedules";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(scheduleOperations.list, async ({ access }) => ({
    recap_schedules: (await listSchedules(access)).map((schedule) => toScheduleResponse(schedule, access.user.timezone)),
  })),
  apiRoute(scheduleOperations.create, async ({ access, body }) => toScheduleResponse(await createSchedule(access, body), access.user.timezone)),
);
