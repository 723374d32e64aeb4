import { z } from "zod";
import { requestSchemas } from "@/lib/openapi/components";
import { singleLineText } from "@/lib/validation";
import { forgeProviders } from "./providers";

export const forgeHookNameSchema = singleLineText(1, 100).meta({ description: "What the hook is for, e.g. the organisation or repository it is set up on." });

export const forgeHookCreateSchema = z
  .object({
    provider: z.enum(forgeProviders).meta({ description: "The forge that sends to it: `github` or `gitlab`." }),
    name: forgeHookNameSchema,
  })
  .register(requestSchemas, { id: "IncomingHookCreate" });
export type ForgeHookCreate = z.output<typeof forgeHookCreateSchema>;

/**
 * What a forge posts to the hook: its own payload, read by the event (`X-GitHub-Event`,
 * `X-Gitlab-Event`) it comes with. Documented as any object.
 */
export const forgePayloadSchema = z
  .looseObject({})
  .meta({
    description: "The forge's webhook payload as it sends it (GitHub's `push` and `pull_request`, GitLab's `Push Hook` and `Merge Request Hook` are read).",
  })
  .register(requestSchemas, { id: "ForgePayload" });
