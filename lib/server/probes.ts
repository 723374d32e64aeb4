import { z } from "zod";
import { responseSchemas } from "@/lib/openapi/components";

/** `GET /api/live`: the process answers, without touching the database. */
export const liveResponseSchema = z.object({ status: z.literal("ok") }).register(responseSchemas, { id: "Live" });
export type LiveResponse = z.infer<typeof liveResponseSchema>;

/** `GET /api/health`: 200 while the database answers, 503 while it cannot be reached. */
export const healthResponseSchema = z
  .object({ status: z.enum(["ok", "unavailable"]), database: z.enum(["ok", "unreachable"]) })
  .register(responseSchemas, { id: "Health" });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `GET /api/cron/jobs`: what became of the attempts it ran (lib/jobs/queue.ts, `drainJobs`). */
export const dueJobsResponseSchema = z
  .object({
    ran: z.number().int(),
    completed: z.number().int(),
    retrying: z.number().int(),
    failed: z.number().int(),
    released: z.number().int(),
    lost: z.number().int(),
  })
  .register(responseSchemas, { id: "DueJobs" });
