import { z } from "zod";
import { requestSchemas } from "@/lib/openapi/components";
import { singleLineText } from "@/lib/validation";
import { hookProviders } from "./providers";

export const hookNameSchema = singleLineText(1, 100).meta({ description: "What the hook is for, e.g. the organisation or repository it is set up on." });

export const hookCreateSchema = z
  .object({
    provider: z.enum(hookProviders).meta({ description: "The forge that sends to it: `github` or `gitlab`." }),
    name: hookNameSchema,
  })
  .register(requestSchemas, { id: "IncomingHookCreate" });
export type HookCreate = z.output<typeof hookCreateSchema>;

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
