import type { Metadata } from "next";
import { headers } from "next/headers";
import { CreateForgeHookForm } from "@/components/settings/create-forge-hook-form";
import { ForgeHookList } from "@/components/settings/forge-hook-list";
import { EmptyState } from "@/components/ui/empty-state";
import { requireAccess } from "@/lib/auth/current-user";
import { deliveriesByForgeHook, listForgeHooks } from "@/lib/forge-hooks/forge-hooks";
import { publicOrigin } from "@/lib/public-origin";
import { accountClock } from "@/lib/formatting/account-clock";
import { AdminsOnly } from "@/components/settings/admins-only";
import { integrationsRole, roleAtLeast } from "@/lib/access/roles";

export const metadata: Metadata = { title: "Integrations" };

export default async function IntegrationsPage() {
  const access = await requireAccess("/settings/integrations");
  if (!roleAtLeast(access.role, integrationsRole)) return <AdminsOnly title="Integrations" what="incoming hooks" />;
  const [hooks, deliveries] = await Promise.all([listForgeHooks(access), deliveriesByForgeHook(access)]);
  const origin = publicOrigin(await headers());
  return (
    <div className="space-y-12">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">Integrations</h2>
        <p className="mt-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
          An incoming hook lets GitHub or GitLab send your pushes here: their commits are recorded in the repository with the same remote (created when you have
          none), and merged pull requests are suggested as entries. Each hook has a secret, shown once, that proves the deliveries are your forge’s.
        </p>
      </div>
      <section aria-labelledby="create-hook-heading">
        <h3 id="create-hook-heading" className="mb-4 text-lg font-semibold tracking-tight">
          Create an incoming hook
        </h3>
        <CreateForgeHookForm />
      </section>
      <section aria-labelledby="hook-list-heading">
        <h3 id="hook-list-heading" className="mb-4 text-lg font-semibold tracking-tight">
          Your hooks
        </h3>
        {hooks.length > 0 ? (
          <ForgeHookList hooks={hooks} deliveries={deliveries} origin={origin} clock={await accountClock(access.user)} />
        ) : (
          <EmptyState title="No incoming hooks yet">
            Create one above for a GitHub repository or organisation, or a GitLab project or group; its setup is shown with its secret.
          </EmptyState>
        )}
      </section>
    </div>
  );
}
