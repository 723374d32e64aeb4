import { apiMethods, apiRoute } from "@/lib/api/route";
import { scheduleOperations } from "@/lib/schedules/operations";
import { toScheduleResponse } from "@/lib/schedules/responses";
import { deleteSchedule, getSchedule, updateSchedule } from "@/lib/schedules/schedules";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(scheduleOperations.get, async ({ user, params }) => toScheduleResponse(await getSchedule(user, params.id!), user.timezone)),
  apiRoute(scheduleOperations.update, async ({ user, params, body }) => toScheduleResponse(await updateSchedule(user, params.id!, body), user.timezone)),
  apiRoute(scheduleOperations.delete, async ({ user, params }) => toScheduleResponse(await deleteSchedule(user, params.id!), user.timezone)),
);
