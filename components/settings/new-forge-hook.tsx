"use client";

import type { CreatedForgeHook } from "@/lib/forge-hooks/actions";
import { forgeProviderNames } from "@/lib/forge-hooks/providers";
import { CopyField } from "./copy-field";
import { ForgeHookSetupSteps } from "./forge-hook-setup-steps";

/** A hook just created: its URL and secret, shown this once, and where to paste them on its forge. */
export function NewForgeHook({ hook }: { hook: CreatedForgeHook }) {
  return (
    <div className="space-y-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 sm:p-5 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-50">
      <div>
        <p className="font-semibold">
          {forgeProviderNames[hook.provider]} hook “{hook.name}” created
        </p>
        <p className="mt-1 text-sm font-medium text-emerald-900 dark:text-emerald-200">Copy the secret now. It will not be shown again.</p>
      </div>
      <CopyField label={hook.provider === "github" ? "Payload URL" : "URL"} value={hook.forgeHookUrl} testId="new-hook-url" />
      <CopyField label={hook.provider === "github" ? "Secret" : "Secret token"} value={hook.secret} testId="new-hook-secret" autoFocus />
      <section aria-labelledby="hook-setup-heading" className="border-t border-emerald-300 pt-4 dark:border-emerald-800">
        <h4 id="hook-setup-heading" className="mb-2 font-semibold">
          Set it up on {forgeProviderNames[hook.provider]}
        </h4>
        <ForgeHookSetupSteps provider={hook.provider} />
      </section>
    </div>
  );
}
