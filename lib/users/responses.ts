import { z } from "zod";
import type { User } from "@/lib/db/client";
import { responseSchemas } from "@/lib/openapi/components";
import { weekStartSchema } from "./schemas";

/** The user as the API shows it (docs/api.md, "Resources"). */
export const userResponseSchema = z
  .object({
    id: z.uuid(),
    url: z.literal("/api/v1/user"),
    email: z.string(),
    name: z.string().nullable(),
    timezone: z.string(),
    week_start: weekStartSchema,
    plan: z.enum(["free", "pro"]),
    inserted_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .register(responseSchemas, { id: "User" });

export function toUserResponse(user: User): z.infer<typeof userResponseSchema> {
  return {
    id: user.id,
    url: "/api/v1/user",
    email: user.email,
    name: user.name,
    timezone: user.timezone,
    week_start: user.weekStart,
    plan: user.plan,
    inserted_at: user.insertedAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
