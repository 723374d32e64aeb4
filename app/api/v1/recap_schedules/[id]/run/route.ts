import { apiMethods, apiRoute } from "@/lib/api/route";
import { scheduleOperations } from "@/lib/schedules/operations";
import { toScheduleResponse } from "@/lib/schedules/responses";
import { runScheduleNow } from "@/lib/schedules/runs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(scheduleOperations.run, async ({ user, params }) => toScheduleResponse(await runScheduleNow(user, params.id!), user.timezone)),
);
