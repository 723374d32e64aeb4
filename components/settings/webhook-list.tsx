import type { WebhookAttempt, WebhookEndpoint } from "@/lib/db/client";
import { deleteWebhookAction, resendAttemptAction, sendTestEventAction, setWebhookEnabledAction } from "@/lib/webhooks/actions";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { dateTimeFormatter } from "./table-parts";
import { WebhookActionButton } from "./webhook-action-button";
import type { Clock } from "@/lib/formatting/time-words";

type WebhookListProps = { webhooks: WebhookEndpoint[]; attempts: Map<string, WebhookAttempt[]>; clock: Clock };

function statusClassName(status: number | null): string {
  return status !== null && status >= 200 && status < 300
    ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
    : "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200";
}

function AttemptTable({
  webhookId,
  attempts,
  formatDate,
}: {
  webhookId: string;
  attempts: WebhookAttempt[];
  formatDate: ReturnType<typeof dateTimeFormatter>;
}) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-zinc-200 text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          <tr>
            {["Attempted", "Event", "Status", "Latency", "Response", "Next retry", ""].map((column, index) => (
              <th key={index} scope="col" className="py-2 pr-4 font-medium whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {attempts.map((attempt) => (
            <tr key={attempt.id} className="border-b border-zinc-200 align-top dark:border-zinc-800">
              <td className="py-2 pr-4">{formatDate(attempt.attemptedAt)}</td>
              <td className="py-2 pr-4">
                <span className="font-mono text-xs">{attempt.type}</span>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">attempt {attempt.attempt}</p>
              </td>
              <td className="py-2 pr-4">
                <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${statusClassName(attempt.status)}`}>{attempt.status ?? "no answer"}</span>
                {attempt.error && <p className="mt-1 max-w-prose text-xs break-words text-red-800 dark:text-red-300">{attempt.error}</p>}
              </td>
              <td className="py-2 pr-4 tabular-nums whitespace-nowrap">{attempt.latencyMs} ms</td>
              <td className="max-w-xs py-2 pr-4 font-mono text-xs break-words text-zinc-600 dark:text-zinc-400">
                {attempt.responseExcerpt?.slice(0, 200) || "—"}
              </td>
              <td className="py-2 pr-4">{attempt.nextRetryAt ? formatDate(attempt.nextRetryAt) : "—"}</td>
              <td className="py-2">
                <WebhookActionButton
                  label="Resend"
                  accessibleLabel={`Resend ${attempt.type} of attempt ${attempt.attempt}`}
                  pendingLabel="Resending…"
                  doneMessage={`Event resent: ${attempt.type}`}
                  action={resendAttemptAction.bind(null, webhookId, attempt.id)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The account's webhooks: where each posts, what it receives, whether it is enabled (and why not), its delivery log. */
export function WebhookList({ webhooks, attempts, clock }: WebhookListProps) {
  const formatDate = dateTimeFormatter(clock);
  return (
    <ul className="space-y-4">
      {webhooks.map((webhook) => {
        const logged = attempts.get(webhook.id) ?? [];
        return (
          <li key={webhook.id} className="rounded-lg border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800" aria-labelledby={`webhook-${webhook.id}`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h4 id={`webhook-${webhook.id}`} className="font-mono text-sm font-semibold break-all">
                  {webhook.url}
                </h4>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  {webhook.description || "No description"} · created {formatDate(webhook.insertedAt)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {webhook.enabled && (
                  <WebhookActionButton
                    label="Send test event"
                    pendingLabel="Sending…"
                    doneMessage="Test event sent"
                    action={sendTestEventAction.bind(null, webhook.id)}
                  />
                )}
                <WebhookActionButton
                  label={webhook.enabled ? "Disable" : "Enable"}
                  pendingLabel={webhook.enabled ? "Disabling…" : "Enabling…"}
                  doneMessage={webhook.enabled ? "Webhook disabled" : "Webhook enabled"}
                  action={setWebhookEnabledAction.bind(null, webhook.id, !webhook.enabled)}
                />
                <ConfirmButton
                  label="Delete"
                  accessibleLabel={`Delete the webhook to ${webhook.url}`}
                  title="Delete webhook"
                  description={
                    <>
                      Delete the webhook to <strong className="font-semibold break-all text-zinc-900 dark:text-zinc-100">{webhook.url}</strong>? It receives
                      nothing from now on, and its delivery log goes with it.
                    </>
                  }
                  confirmLabel="Delete webhook"
                  pendingLabel="Deleting…"
                  action={deleteWebhookAction.bind(null, webhook.id)}
                  doneMessage="Webhook deleted"
                />
              </div>
            </div>
            <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
              <dt className="text-zinc-600 dark:text-zinc-400">Status</dt>
              <dd data-testid="webhook-status">
                {webhook.enabled ? "Enabled" : "Disabled"}
                {webhook.disabledReason && <span className="text-red-800 dark:text-red-300">: {webhook.disabledReason}</span>}
                {webhook.enabled && webhook.failingSince && (
                  <span className="text-red-800 dark:text-red-300"> · failing since {formatDate(webhook.failingSince)}</span>
                )}
              </dd>
              <dt className="text-zinc-600 dark:text-zinc-400">Events</dt>
              <dd className="font-mono text-xs">{webhook.events.join(", ")}</dd>
            </dl>
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
                Delivery log ({logged.length})
              </summary>
              {logged.length > 0 ? (
                <AttemptTable webhookId={webhook.id} attempts={logged} formatDate={formatDate} />
              ) : (
                <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No delivery yet. Send a test event to try it.</p>
              )}
            </details>
          </li>
        );
      })}
    </ul>
  );
}
