import type { EmailMessage } from "@/lib/email/transport";
import { escapeHtml, htmlDocument, oneLineSubject } from "@/lib/email/html";

/** What an invitation's email says: nothing else of the workspace than its name. */
export type InvitationMessageInput = {
  to: string;
  inviterName: string;
  workspaceName: string;
  role: string;
  expiresAt: Date;
  /** The inviter's time zone, in which the expiry is written (and named). */
  timeZone: string;
  link: string;
};

/** The expiry as the inviter reads it, e.g. `14 March 2026, 09:30 (Europe/Paris)`. */
export function invitationExpiry(expiresAt: Date, timeZone: string): string {
  // Day and time apart: how ICU joins them ("," or " at") differs between its versions.
  const day = new Intl.DateTimeFormat("en-GB", { timeZone, day: "numeric", month: "long", year: "numeric" }).format(expiresAt);
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(expiresAt);
  return `${day}, ${time} (${timeZone})`;
}

/** The email that carries an invitation's link (docs/api.md, "Invitation emails"): subject, a text part and an HTML part. */
export function invitationMessage(input: InvitationMessageInput): EmailMessage {
  const { inviterName, workspaceName, role, link } = input;
  const expiry = invitationExpiry(input.expiresAt, input.timeZone);
  const article = /^[aeiou]/i.test(role) ? "an" : "a";
  const subject = `${inviterName} invited you to ${workspaceName} on Worklog`;
  const text = [
    `${inviterName} invited you to join the workspace ${workspaceName} on Worklog as ${article} ${role}.`,
    "",
    "Accept the invitation:",
    link,
    "",
    `The link works until ${expiry}. If you did not expect this invitation, ignore this email.`,
    "",
  ].join("\n");
  const h = escapeHtml;
  const html = htmlDocument(
    subject,
    `<p>${h(inviterName)} invited you to join the workspace <strong>${h(workspaceName)}</strong> on Worklog as ${article} ${h(role)}.</p>
<p><a href="${h(link)}">Accept the invitation</a></p>
<p>Or open this link: ${h(link)}</p>
<p>The link works until ${h(expiry)}. If you did not expect this invitation, ignore this email.</p>`,
  );
  // A name is one line (lib/validation.ts), but a subject must never be split.
  return { to: input.to, subject: oneLineSubject(subject), text, html };
}
