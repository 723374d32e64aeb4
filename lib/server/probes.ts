import { z } from "zod";

/** `GET /api/live`: the process answers, without touching the database. */
export const liveResponseSchema = z.object({ status: z.literal("ok") });
export type LiveResponse = z.infer<typeof liveResponseSchema>;

/** `GET /api/health`: 200 while the database answers, 503 while it cannot be reached. */
export const healthResponseSchema = z.object({ status: z.enum(["ok", "unavailable"]), database: z.enum(["ok", "unreachable"]) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
