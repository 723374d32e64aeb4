"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import type { ActionResult } from "@/lib/web/action-result";
import { runSignedInFormAction, runSignedInRemoval } from "@/lib/web/server-action";
import { publicOrigin } from "@/lib/public-origin";
import { createHook, deleteHook } from "./hooks";
import type { HookProvider } from "./providers";
import { hookUrl } from "./responses";
import { hookCreateSchema } from "./schemas";

const settingsPath = "/settings/integrations";

/** A hook just created: its URL and secret, shown this once. */
export type CreatedHook = { id: string; name: string; provider: HookProvider; hookUrl: string; secret: string };

export async function createHookAction(formData: FormData): Promise<ActionResult<CreatedHook, "provider" | "name">> {
  const origin = publicOrigin(await headers());
  const result = await runSignedInFormAction(settingsPath, formData, {
    schema: hookCreateSchema,
    fields: { provider: "forge", name: { label: "name", format: "one line, without tabs or other control characters" } },
    input: (values) => values,
    run: async (input, access) => {
      const hook = await createHook(access, input);
      return { id: hook.id, name: hook.name, provider: input.provider, hookUrl: hookUrl(origin, hook.id), secret: hook.secret };
    },
  });
  if (result.ok) revalidatePath(settingsPath);
  return result;
}

export async function deleteHookAction(id: string): Promise<ActionResult<void>> {
  const result = await runSignedInRemoval(settingsPath, id, deleteHook);
  revalidatePath(settingsPath);
  return result;
}
