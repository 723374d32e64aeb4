import "server-only";
import { z } from "zod";
import { owned, ownerId, type Access } from "@/lib/access/context";
import { sha256Hex } from "@/lib/crypto";
import type { Transaction } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import { sendEmailFromJob } from "@/lib/email/job-send";
import { emailConfigured } from "@/lib/email/transport";
import { defineJobKind, type JobContext } from "@/lib/jobs/job-kind";
import { enqueueJob } from "@/lib/jobs/queue";
import { runJobSoon } from "@/lib/jobs/soon";
import { invitationMessage } from "./invitation-message";
import { pending } from "./pending";

/**
 * What became of an invitation's email: `queued` for the job queue to send (and retry), or
 * `not_configured` when the server sends no email (SMTP_URL unset): the link is passed on by hand.
 */
export type InvitationEmailStatus = "queued" | "not_configured";

/**
 * The link's token travels in the job's payload (it is stored hashed everywhere else): the job's
 * row is deleted once sent, and the token is taken out of it when it fails for good.
 */
const invitationEmailPayload = z.object({ invitation_id: z.uuid(), token: z.string().min(1).max(200), origin: z.string() });
type InvitationEmailPayload = z.output<typeof invitationEmailPayload>;

/**
 * Sends the invitation's email if its link still works: one resent since (a new token), revoked,
 * accepted or expired is not sent. The message is made from the invitation as it is now.
 */
async function sendInvitationEmail({ invitation_id: id, token, origin }: InvitationEmailPayload, job: JobContext): Promise<void> {
  if (!job.access) return;
  const invitation = await getDb().invitation.findFirst({
    where: { id, ...owned(job.access), hashedToken: sha256Hex(token), ...pending(job.now()) },
    select: {
      email: true,
      role: true,
      expiresAt: true,
      inviter: { select: { name: true, email: true, timezone: true } },
      workspace: { select: { name: true } },
    },
  });
  if (!invitation) return;
  const message = invitationMessage({
    to: invitation.email,
    inviterName: invitation.inviter.name ?? invitation.inviter.email,
    workspaceName: invitation.workspace.name,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
    timeZone: invitation.inviter.timezone,
    link: `${origin}/invite/${token}`,
  });
  await sendEmailFromJob(message);
}

/** An invitation's email: tried again after 30 s, doubled up to an hour, for about a day (docs/api.md, "Invitation emails"). */
export const invitationEmail = defineJobKind({
  name: "invitation.email",
  payload: invitationEmailPayload,
  lane: "deliveries",
  maxAttempts: 30,
  backoff: { firstDelayMs: 30_000, maxDelayMs: 3_600_000 },
  run: sendInvitationEmail,
  async onFailed({ invitation_id: id }, _failure, tx) {
    await tx.$executeRaw`UPDATE jobs SET payload = payload - 'token' WHERE kind = 'invitation.email' AND payload->>'invitation_id' = ${id} AND failed_at IS NOT NULL`;
  },
});

/**
 * Queues the email of an invitation's link in the transaction that made the link: it is sent
 * only if that commits. Call `sendQueuedEmail` with the answer once it has.
 */
export async function queueInvitationEmail(
  tx: Transaction,
  access: Access,
  invitationId: string,
  token: string,
  origin: string,
): Promise<{ status: InvitationEmailStatus; jobId?: string }> {
  if (!emailConfigured()) return { status: "not_configured" };
  const { id } = await enqueueJob(invitationEmail, { invitation_id: invitationId, token, origin }, { tx, owner: ownerId(access) });
  return { status: "queued", jobId: id };
}

/** Has the queued email start at once (lib/jobs/soon.ts), after its transaction committed. */
export function sendQueuedEmail({ jobId }: { jobId?: string }): void {
  if (jobId) runJobSoon(invitationEmail, jobId);
}
