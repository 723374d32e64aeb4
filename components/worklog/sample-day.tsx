import { Markdown } from "@/components/markdown";
import { DayGroup } from "./day-group";
import { EntryCard } from "./entry-card";
import { hourCycleFor } from "@/lib/formatting/account-clock";
import { addDays, calendarDay } from "@/lib/time";
import type { EntryView } from "@/lib/worklog/views";

const project = { id: "0190d8a4-0000-7000-8000-000000000001", name: "Checkout", identifier: "CO" };
const repository = { id: "0190d8a4-0000-7000-8000-000000000002", name: "checkout-web" };
const author = { id: "0190d8a4-0000-7000-8000-000000000003", name: "Sam" };

function sampleEntry(id: number, fields: Pick<EntryView, "content" | "recorded_at" | "duration_seconds" | "tags" | "commits">): EntryView {
  const entryId = `0190d8a4-0000-7000-8000-00000000001${id}`;
  return {
    id: entryId,
    url: `/api/v1/worklog/entries/${entryId}`,
    project_id: project.id,
    project,
    commit_ids: fields.commits.map((commit) => commit.id),
    references: [],
    author,
    source: "web",
    running: false,
    inserted_at: fields.recorded_at,
    updated_at: fields.recorded_at,
    ...fields,
  };
}

/** The sample's entries, recorded on `day` (YYYY-MM-DD, in UTC). */
const sampleEntries = (day: string) => [
  sampleEntry(1, {
    content:
      "Fixed the **double charge** on retry: the payment request now carries an idempotency key.\n\n- [x] reproduce with a flaky network\n- [x] add the key\n- [ ] tell support",
    recorded_at: `${day}T15:40:00.000Z`,
    duration_seconds: 5400,
    tags: ["payments", "bug"],
    commits: [
      {
        id: "0190d8a4-0000-7000-8000-000000000021",
        sha: "4f9c2e1a7b3d5e6f8091a2b3c4d5e6f708192a3b",
        message: "Send an idempotency key with every payment request",
        committedAt: new Date(`${day}T15:32:00Z`),
        repository,
      },
    ],
  }),
  sampleEntry(2, {
    content: "Reviewed the new address form with design; agreed to drop the second street line.",
    recorded_at: `${day}T10:15:00.000Z`,
    duration_seconds: 2700,
    tags: ["review"],
    commits: [],
  }),
];

/**
 * A day of a worklog as an account sees it, for the landing page: made of the app's own
 * components, not a picture of them, its times on the browser's hour cycle. The day is yesterday (in UTC, as the entries show their
 * times), so that the sample never looks stale.
 */
export async function SampleDay() {
  const hourCycle = await hourCycleFor(null);
  const today = calendarDay(new Date(), "UTC");
  const yesterday = addDays(today, -1);
  return (
    <div inert className="rounded-xl border border-zinc-200 bg-zinc-50 p-4 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900/50">
      <DayGroup day={yesterday} today={today} seconds={8100}>
        <ol>
          {sampleEntries(yesterday).map((entry) => (
            <li key={entry.id} className="bg-white dark:bg-zinc-950">
              <EntryCard entry={entry} clock={{ timeZone: "UTC", hourCycle }} text={<Markdown>{entry.content}</Markdown>} />
            </li>
          ))}
        </ol>
      </DayGroup>
    </div>
  );
}
