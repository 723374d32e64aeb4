import type { RecapSchedule, WebhookEndpoint } from "@/lib/db/client";
import type { RecapPeriodId } from "@/lib/recaps/periods";
import { recapTemplateLabel } from "@/lib/recaps/templates";
import { deleteScheduleAction, runScheduleNowAction, setScheduleEnabledAction, updateScheduleAction } from "@/lib/schedules/actions";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ScheduleForm, type ScheduleFormValues } from "./schedule-form";
import { periodLabels, weekdayNames } from "./schedule-labels";
import { dateTimeFormatter } from "./table-parts";
import { WebhookActionButton } from "./webhook-action-button";
import { formatWallClock, type Clock } from "@/lib/formatting/time-words";
import { WorkspaceLink } from "@/components/workspaces/workspace-link";

type ScheduleListProps = { schedules: RecapSchedule[]; webhooks: WebhookEndpoint[]; clock: Clock };

const statusLabels: Record<string, string> = {
  running: "Running",
  sent: "Sent to the webhook",
  delivered: "Delivered",
  retrying: "Retrying",
  failed: "Failed",
};

function statusClassName(status: string): string {
  if (status === "delivered" || status === "sent") return "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200";
  if (status === "failed" || status === "retrying") return "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200";
  return "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200";
}

/** The days in the week's order, Monday first: "Monday–Friday" style lists stay short. */
const daysOf = (weekdays: number[]) =>
  weekdayNames
    .filter(([day]) => weekdays.includes(day))
    .map(([, name]) => name.slice(0, 3))
    .join(", ");

function destinationOf(schedule: RecapSchedule, webhooks: WebhookEndpoint[]): string {
  if (schedule.destinationKind === "webhook") return `Webhook ${webhooks.find((webhook) => webhook.id === schedule.webhookEndpointId)?.url ?? ""}`;
  return `${schedule.destinationKind === "slack" ? "Slack" : "Discord"} ${schedule.destinationUrl ? new URL(schedule.destinationUrl).host : ""}`;
}

function formValues(schedule: RecapSchedule): ScheduleFormValues {
  return {
    template: schedule.template,
    period: schedule.period,
    weekdays: schedule.weekdays,
    time: schedule.localTime,
    destination: schedule.destinationKind === "webhook" ? `webhook:${schedule.webhookEndpointId}` : schedule.destinationKind,
    url: schedule.destinationUrl ?? "",
  };
}

/** The account's schedules: what each sends, when and where, when it runs next, how its last run went; Run now, edit, enable or disable, delete. */
export function ScheduleList({ schedules, webhooks, clock }: ScheduleListProps) {
  const formatDate = dateTimeFormatter(clock);
  const webhookOptions = webhooks.map((webhook) => ({ id: webhook.id, url: webhook.url }));
  return (
    <ul className="space-y-4">
      {schedules.map((schedule) => {
        const title = `${recapTemplateLabel(schedule.template)} of ${periodLabels[schedule.period as RecapPeriodId].toLowerCase()}`;
        return (
          <li key={schedule.id} className="rounded-lg border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800" aria-labelledby={`schedule-${schedule.id}`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h4 id={`schedule-${schedule.id}`} className="font-semibold">
                  {title}
                </h4>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  {daysOf(schedule.weekdays)} at {formatWallClock(schedule.localTime, clock.hourCycle)} · to{" "}
                  <span className="break-all">{destinationOf(schedule, webhooks)}</span>
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <WebhookActionButton
                  label="Run now"
                  accessibleLabel={`Run now: ${title}`}
                  pendingLabel="Starting…"
                  doneMessage="Run started: the recap is being made"
                  action={runScheduleNowAction.bind(null, schedule.id)}
                />
                <WebhookActionButton
                  label={schedule.enabled ? "Disable" : "Enable"}
                  accessibleLabel={`${schedule.enabled ? "Disable" : "Enable"} ${title}`}
                  pendingLabel={schedule.enabled ? "Disabling…" : "Enabling…"}
                  doneMessage={schedule.enabled ? "Schedule disabled" : "Schedule enabled"}
                  action={setScheduleEnabledAction.bind(null, schedule.id, !schedule.enabled)}
                />
                <ConfirmButton
                  label="Delete"
                  accessibleLabel={`Delete ${title}`}
                  title="Delete schedule"
                  description={<>Delete the schedule {title}? It sends nothing from now on; the recaps it made stay.</>}
                  confirmLabel="Delete schedule"
                  pendingLabel="Deleting…"
                  action={deleteScheduleAction.bind(null, schedule.id)}
                  doneMessage="Schedule deleted"
                />
              </div>
            </div>
            <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
              <dt className="text-zinc-600 dark:text-zinc-400">Next run</dt>
              <dd data-testid="schedule-next-run">{schedule.enabled && schedule.nextRunAt ? formatDate(schedule.nextRunAt) : "Disabled"}</dd>
              <dt className="text-zinc-600 dark:text-zinc-400">Last run</dt>
              <dd data-testid="schedule-last-run">
                {schedule.lastRunStatus && schedule.lastRunAt ? (
                  <>
                    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${statusClassName(schedule.lastRunStatus)}`}>
                      {statusLabels[schedule.lastRunStatus] ?? schedule.lastRunStatus}
                    </span>{" "}
                    {formatDate(schedule.lastRunAt)}
                    {schedule.lastRecapId && (
                      <>
                        {" · "}
                        <WorkspaceLink href={`/recaps/${schedule.lastRecapId}`} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                          Open the recap
                        </WorkspaceLink>
                      </>
                    )}
                    {schedule.lastRunError && <p className="mt-1 max-w-prose text-xs break-words text-red-800 dark:text-red-300">{schedule.lastRunError}</p>}
                  </>
                ) : (
                  "Not run yet"
                )}
              </dd>
            </dl>
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">Edit</summary>
              <div className="mt-4">
                <ScheduleForm
                  webhooks={webhookOptions}
                  timeZone={clock.timeZone}
                  initial={formValues(schedule)}
                  action={updateScheduleAction.bind(null, schedule.id)}
                  submitLabel="Save schedule"
                  doneMessage="Schedule saved"
                />
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
