import type { Metadata } from "next";
import { CalendarFeed } from "@/components/settings/calendar-feed";
import { CalendarSubscriptions } from "@/components/settings/calendar-subscriptions";
import { requireAccess } from "@/lib/auth/current-user";
import { calendarFeedStatus } from "@/lib/calendar/feed-tokens";
import { listSubscriptions } from "@/lib/calendar/subscriptions";

export const metadata: Metadata = { title: "Calendar" };

const apps = [
  {
    name: "Google Calendar",
    steps: "On a computer, open Google Calendar; beside “Other calendars” choose +, then “From URL”; paste the feed URL and choose “Add calendar”.",
  },
  {
    name: "Outlook",
    steps:
      "In Outlook on the web or Outlook.com, open the calendar, choose “Add calendar”, then “Subscribe from web”; paste the feed URL, name it and choose “Import”.",
  },
  {
    name: "Apple Calendar",
    steps:
      "On a Mac, choose File › New Calendar Subscription; paste the feed URL and choose Subscribe (on an iPhone: Settings › Calendar › Accounts › Add Account › Other › Add Subscribed Calendar).",
  },
];

export default async function CalendarSettingsPage() {
  const access = await requireAccess("/settings/calendar");
  const [feed, subscriptions] = await Promise.all([calendarFeedStatus(access), listSubscriptions(access)]);
  return (
    <div className="space-y-12">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">Calendar</h2>
        <p className="mt-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
          See your worklog in your calendar, and your calendar in your worklog: your entries with a duration as a private calendar feed (the last 90 days and
          the next 7), and the past meetings of your calendars as suggested entries.
        </p>
      </div>
      <section aria-labelledby="calendar-feed-heading" className="space-y-4">
        <h3 id="calendar-feed-heading" className="text-lg font-semibold tracking-tight">
          Your worklog in your calendar
        </h3>
        <CalendarFeed exists={feed.exists} createdAt={feed.createdAt?.toISOString() ?? null} />
        <div>
          <h4 className="font-medium">Subscribe to the feed</h4>
          <ul className="mt-2 space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
            {apps.map((app) => (
              <li key={app.name}>
                <strong className="font-semibold">Subscribe in {app.name}:</strong> {app.steps}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            Calendar apps refresh a subscribed feed on their own schedule, from every few minutes to once a day.
          </p>
        </div>
      </section>
      <section aria-labelledby="calendar-subscriptions-heading" className="space-y-4">
        <h3 id="calendar-subscriptions-heading" className="text-lg font-semibold tracking-tight">
          Your calendar in your worklog
        </h3>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Meetings that have ended are suggested as entries beside your commits, with their title and length; each calendar is fetched at most hourly.
        </p>
        <CalendarSubscriptions
          subscriptions={subscriptions.map((subscription) => ({
            id: subscription.id,
            name: subscription.name,
            url: subscription.url,
            lastFetchedAt: subscription.lastFetchedAt?.toISOString() ?? null,
            lastError: subscription.lastError,
          }))}
        />
      </section>
    </div>
  );
}
