import type { z } from "zod";
import { exampleCreatedAt, exampleUpdatedAt } from "@/lib/openapi/examples";
import type { userResponseSchema } from "./responses";

export const userExample = {
  id: "01936f1e-8a2b-7c3d-9e4f-5a6b7c8d9e0f",
  url: "/api/v1/user",
  email: "ada@example.com",
  name: "Ada Lovelace",
  timezone: "Europe/London",
  week_start: "monday",
  plan: "pro",
  inserted_at: exampleCreatedAt,
  updated_at: exampleUpdatedAt,
} satisfies z.infer<typeof userResponseSchema>;
