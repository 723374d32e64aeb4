import type { HookDelivery, IncomingHook } from "@/lib/db/client";
import { deleteForgeHookAction } from "@/lib/forge-hooks/actions";
import { isForgeProvider, forgeProviderNames } from "@/lib/forge-hooks/providers";
import { forgeHookUrl } from "@/lib/forge-hooks/responses";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { dateTimeFormatter } from "./table-parts";
import type { Clock } from "@/lib/formatting/time-words";

type ForgeHookListProps = { hooks: IncomingHook[]; deliveries: Map<string, HookDelivery[]>; origin: string; clock: Clock };

function statusClassName(status: number): string {
  return status < 400
    ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
    : "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200";
}

function DeliveryTable({ deliveries, formatDate }: { deliveries: HookDelivery[]; formatDate: ReturnType<typeof dateTimeFormatter> }) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-zinc-200 text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          <tr>
            {["Received", "Event", "Status", "Commits", "Delivery"].map((column) => (
              <th key={column} scope="col" className="py-2 pr-4 font-medium whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.id} className="border-b border-zinc-200 align-top dark:border-zinc-800">
              <td className="py-2 pr-4">{formatDate(delivery.receivedAt)}</td>
              <td className="py-2 pr-4 font-mono text-xs">{delivery.event}</td>
              <td className="py-2 pr-4">
                <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${statusClassName(delivery.status)}`}>{delivery.status}</span>
                {delivery.error && <p className="mt-1 max-w-prose text-xs break-words text-red-800 dark:text-red-300">{delivery.error}</p>}
              </td>
              <td className="py-2 pr-4 tabular-nums">{delivery.commitsRecorded}</td>
              <td className="py-2 font-mono text-xs break-all text-zinc-600 dark:text-zinc-400">{delivery.deliveryId}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The account's hooks: where each receives, when it last did, its last deliveries, and deleting it. */
export function ForgeHookList({ hooks, deliveries, origin, clock }: ForgeHookListProps) {
  const formatDate = dateTimeFormatter(clock);
  return (
    <ul className="space-y-4">
      {hooks.map((hook) => {
        const received = deliveries.get(hook.id) ?? [];
        const forge = isForgeProvider(hook.provider) ? forgeProviderNames[hook.provider] : hook.provider;
        return (
          <li key={hook.id} className="rounded-lg border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800" aria-labelledby={`hook-${hook.id}`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h4 id={`hook-${hook.id}`} className="font-semibold break-words">
                  {hook.name}
                </h4>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  {forge} · created {formatDate(hook.insertedAt)}
                </p>
              </div>
              <ConfirmButton
                label="Delete"
                accessibleLabel={`Delete ${hook.name}`}
                title="Delete incoming hook"
                description={
                  <>
                    Delete <strong className="font-semibold break-words text-zinc-900 dark:text-zinc-100">{hook.name}</strong>? {forge} deliveries to it will be
                    refused from now on. Commits it recorded stay.
                  </>
                }
                confirmLabel="Delete hook"
                pendingLabel="Deleting…"
                action={deleteForgeHookAction.bind(null, hook.id)}
                doneMessage={`Hook deleted: ${hook.name}`}
              />
            </div>
            <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
              <dt className="text-zinc-600 dark:text-zinc-400">URL</dt>
              <dd className="font-mono text-xs break-all">{forgeHookUrl(origin, hook.id)}</dd>
              <dt className="text-zinc-600 dark:text-zinc-400">Last delivery</dt>
              <dd>{hook.lastDeliveryAt ? formatDate(hook.lastDeliveryAt) : "None yet"}</dd>
            </dl>
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
                Deliveries ({received.length})
              </summary>
              {received.length > 0 ? (
                <DeliveryTable deliveries={received} formatDate={formatDate} />
              ) : (
                <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No delivery yet. Deliveries that fail their signature check are not listed.</p>
              )}
            </details>
          </li>
        );
      })}
    </ul>
  );
}
