"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import type { ActionResult } from "@/lib/server-actions/action-result";
import { integrationsRole } from "@/lib/access/roles";
import { runSignedInFormAction, runSignedInRemoval } from "@/lib/server-actions/run-action";
import { publicOrigin } from "@/lib/public-origin";
import { createForgeHook, deleteForgeHook } from "./forge-hooks";
import type { ForgeProvider } from "./providers";
import { forgeHookUrl } from "./responses";
import { forgeHookCreateSchema } from "./schemas";

const settingsPath = "/settings/integrations";

/** A hook just created: its URL and secret, shown this once. */
export type CreatedForgeHook = { id: string; name: string; provider: ForgeProvider; forgeHookUrl: string; secret: string };

export async function createForgeHookAction(formData: FormData): Promise<ActionResult<CreatedForgeHook, "provider" | "name">> {
  const origin = publicOrigin(await headers());
  const result = await runSignedInFormAction(settingsPath, formData, {
    role: integrationsRole,
    schema: forgeHookCreateSchema,
    fields: { provider: "forge", name: { label: "name", format: "one line, without tabs or other control characters" } },
    input: (values) => values,
    run: async (input, access) => {
      const hook = await createForgeHook(access, input);
      return { id: hook.id, name: hook.name, provider: input.provider, forgeHookUrl: forgeHookUrl(origin, hook.id), secret: hook.secret };
    },
  });
  if (result.ok) revalidatePath(settingsPath);
  return result;
}

export async function deleteForgeHookAction(id: string): Promise<ActionResult<void>> {
  const result = await runSignedInRemoval(settingsPath, id, deleteForgeHook, integrationsRole);
  revalidatePath(settingsPath);
  return result;
}
