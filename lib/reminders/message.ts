import { escapeHtml, htmlDocument, oneLineSubject } from "@/lib/email/html";
import type { EmailMessage } from "@/lib/email/transport";
import { formatWeekday } from "@/lib/formatting/time-words";

/** The notice's and the email's words for the day since which nothing was written: "Friday". */
export const sinceWords = (since: string) => formatWeekday(since, { long: true });

/** A standup reminder's email (docs/api.md, "Standup reminders"): subject, a text part and an HTML part. */
export function standupReminderMessage(input: { to: string; workspaceName: string; since: string; link: string }): EmailMessage {
  const { workspaceName, link } = input;
  const since = sinceWords(input.since);
  const subject = `You have written nothing in ${workspaceName} since ${since}`;
  const text = [
    `You have written nothing in the worklog of ${workspaceName} since ${since}: write what you did, and the team standup will tell it.`,
    "",
    link,
    "",
    "You get this email because you asked for standup reminders; turn them off in Settings → Members.",
    "",
  ].join("\n");
  const h = escapeHtml;
  const html = htmlDocument(
    subject,
    `<p>You have written nothing in the worklog of <strong>${h(workspaceName)}</strong> since ${h(since)}: write what you did, and the team standup will tell it.</p>
<p><a href="${h(link)}">Open the worklog</a></p>
<p>You get this email because you asked for standup reminders; turn them off in Settings → Members.</p>`,
  );
  return { to: input.to, subject: oneLineSubject(subject), text, html };
}
