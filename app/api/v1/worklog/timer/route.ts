import { apiMethods, apiRoute } from "@/lib/api/route";
import { toEntryResponse } from "@/lib/worklog/responses";
import { apiEntrySource } from "@/lib/worklog/sources";
import { runningTimer, startTimer } from "@/lib/worklog/timer";
import { timerOperations } from "@/lib/worklog/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(timerOperations.get, async ({ access }) => {
    const timer = await runningTimer(access);
    return { timer: timer && toEntryResponse(timer) };
  }),
  apiRoute(timerOperations.start, async ({ access, principal, body }) => {
    const { timer, stopped } = await startTimer(access, body, apiEntrySource(principal), body.started_at);
    return { timer: toEntryResponse(timer), stopped: stopped && toEntryResponse(stopped) };
  }),
);
