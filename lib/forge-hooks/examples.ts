import type { z } from "zod";
import { exampleCreatedAt, exampleOrigin } from "@/lib/openapi/examples";
import { repositoryExample } from "@/lib/repositories/examples";
import type { createdForgeHookResponseSchema, forgeDeliveryResultSchema, forgeDeliveryResponseSchema, forgeHookResponseSchema } from "./responses";

const ids = { hook: "01936f25-6a7b-7c8d-9e0f-1a2b3c4d5e6f", delivery: "01936f26-7b8c-7d9e-8f0a-2b3c4d5e6f70" };

export const forgeHookExample = {
  id: ids.hook,
  url: `/api/v1/incoming_hooks/${ids.hook}`,
  provider: "github",
  name: "example organisation",
  hook_url: `${exampleOrigin}/api/hooks/${ids.hook}`,
  last_delivery_at: "2026-11-22T10:12:03.000Z",
  inserted_at: exampleCreatedAt,
  updated_at: exampleCreatedAt,
} satisfies z.infer<typeof forgeHookResponseSchema>;

export const createdForgeHookExample = {
  ...forgeHookExample,
  last_delivery_at: null,
  secret: "wlh_8Ku2mRZq0Yd5vTn3XbP7sLw1cHj9aF4gE6oQiN0z",
} satisfies z.infer<typeof createdForgeHookResponseSchema>;

export const forgeDeliveryExample = {
  id: ids.delivery,
  delivery_id: "72d3162e-cc78-11e3-81ab-4c9367dc0958",
  event: "push",
  status: 200,
  commits_recorded: 3,
  error: null,
  received_at: "2026-11-22T10:12:03.000Z",
} satisfies z.infer<typeof forgeDeliveryResponseSchema>;

export const forgeDeliveryResultExample = {
  ok: true,
  event: "push",
  delivery_id: forgeDeliveryExample.delivery_id,
  result: "recorded",
  commits_recorded: 3,
  repository_id: repositoryExample.id,
} satisfies z.infer<typeof forgeDeliveryResultSchema>;
