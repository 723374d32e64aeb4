import { z } from "zod";
import { responseSchemas } from "@/lib/openapi/components";

/** `GET /api/live`: the process answers, without touching the database. */
export const liveResponseSchema = z.object({ status: z.literal("ok") }).register(responseSchemas, { id: "Live" });
export type LiveResponse = z.infer<typeof liveResponseSchema>;

/**
 * `GET /api/health`: 200 while the database answers and the server is not stopping, else 503.
 * With `?ready=1` also what the rate limits are counted in and whether the job worker runs.
 */
export const healthResponseSchema = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    database: z.enum(["ok", "unreachable"]),
    stopping: z.boolean().optional().meta({ description: 'With `ready=1`: the server has been asked to stop (README "Stopping").' }),
    rate_limiter: z.enum(["in_process", "ok", "unreachable", "disabled"]).optional().meta({
      description: "With `ready=1`: counted in this process, in Upstash Redis (answering or not: requests pass unlimited while it does not), or not at all.",
    }),
    job_worker: z
      .enum(["running", "off"])
      .optional()
      .meta({ description: "With `ready=1`: whether this process runs jobs (`off` with `JOB_WORKER=false`, on Vercel, and once stopping)." }),
  })
  .register(responseSchemas, { id: "Health" });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `GET /api/health?ready=1`. */
export const healthQuerySchema = z.object({ ready: z.enum(["1"]).optional().meta({ description: "`1`: also the rate limiter and the job worker." }) });

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
