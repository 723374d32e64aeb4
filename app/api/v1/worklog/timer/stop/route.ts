import { apiMethods, apiRoute } from "@/lib/api/route";
import { toEntryResponse } from "@/lib/worklog/responses";
import { stopTimer } from "@/lib/worklog/timer";
import { timerOperations } from "@/lib/worklog/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(timerOperations.stop, async ({ access, body }) => ({
    timer: toEntryResponse(await stopTimer(access, { id: body.entry_id }, body.stopped_at)),
  })),
);
