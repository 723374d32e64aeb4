import type { Metadata } from "next";
import { CreateWebhookForm } from "@/components/settings/create-webhook-form";
import { WebhookList } from "@/components/settings/webhook-list";
import { EmptyState } from "@/components/ui/empty-state";
import { requireAccess } from "@/lib/auth/current-user";
import { attemptsByWebhook, listWebhooks } from "@/lib/webhooks/endpoints";
import { accountClock } from "@/lib/formatting/account-clock";
import { AdminsOnly } from "@/components/settings/admins-only";
import { integrationsRole, roleAtLeast } from "@/lib/access/roles";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const access = await requireAccess("/settings/webhooks");
  if (!roleAtLeast(access.role, integrationsRole)) return <AdminsOnly title="Webhooks" what="webhooks" />;
  const [webhooks, attempts] = await Promise.all([listWebhooks(access), attemptsByWebhook(access)]);
  return (
    <div className="space-y-12">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">Webhooks</h2>
        <p className="mt-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
          A webhook posts your account’s events (entries, projects, repositories, commits, recaps, the timer) to a URL of yours as they happen, signed with a
          secret shown once (Standard Webhooks). Failed deliveries are retried for about a day; an endpoint that answers 410 Gone, or fails for 3 days, is
          disabled.
        </p>
      </div>
      <section aria-labelledby="create-webhook-heading">
        <h3 id="create-webhook-heading" className="mb-4 text-lg font-semibold tracking-tight">
          Create a webhook
        </h3>
        <CreateWebhookForm />
      </section>
      <section aria-labelledby="webhook-list-heading">
        <h3 id="webhook-list-heading" className="mb-4 text-lg font-semibold tracking-tight">
          Your webhooks
        </h3>
        {webhooks.length > 0 ? (
          <WebhookList webhooks={webhooks} attempts={attempts} clock={await accountClock(access.user)} />
        ) : (
          <EmptyState title="No webhooks yet">Create one above: choose the events it receives, then send it a test event.</EmptyState>
        )}
      </section>
    </div>
  );
}
