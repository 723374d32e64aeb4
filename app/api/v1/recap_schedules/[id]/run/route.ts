import { apiMethods, apiRoute } from "@/lib/api/route";
import { scheduleOperations } from "@/lib/schedules/operations";
import { toScheduleResponse } from "@/lib/schedules/responses";
import { runScheduleNow } from "@/lib/schedules/runs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(scheduleOperations.run, async ({ access, params }) => toScheduleResponse(await runScheduleNow(access, params.id!), access.user.timezone)),
);
