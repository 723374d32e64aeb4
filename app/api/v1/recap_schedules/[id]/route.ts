import { apiMethods, apiRoute } from "@/lib/api/route";
import { scheduleOperations } from "@/lib/schedules/operations";
import { toScheduleResponse } from "@/lib/schedules/responses";
import { deleteSchedule, getSchedule, updateSchedule } from "@/lib/schedules/schedules";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(scheduleOperations.get, async ({ access, params }) => toScheduleResponse(await getSchedule(access, params.id!), access.user.timezone)),
  apiRoute(scheduleOperations.update, async ({ access, params, body }) =>
    toScheduleResponse(await updateSchedule(access, params.id!, body), access.user.timezone),
  ),
  apiRoute(scheduleOperations.delete, async ({ access, params }) => toScheduleResponse(await deleteSchedule(access, params.id!), access.user.timezone)),
);
