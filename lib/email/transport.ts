import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "@/lib/config";

/**
 * Bounds of one SMTP conversation, so that an attempt of the queue's email job ends, and is
 * retried, rather than hang on a server that does not answer.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 } as const;

/** An email to send: one recipient, a subject, and the same text as plain text and HTML. */
export type EmailMessage = { to: string; subject: string; text: string; html: string };

const cache = globalThis as typeof globalThis & { __worklogEmailTransport?: Transporter };

/** Whether the server sends email (SMTP_URL is set, README "Configuration"). */
export const emailConfigured = (): boolean => getConfig().email !== undefined;

function transport(): Transporter {
  const { email } = getConfig();
  if (!email) throw new Error("SMTP_URL is not set: no email can be sent");
  // nodemailer reads the scheme (smtps: TLS from the start), host, port and credentials from the URL, whose query may set other options.
  return (cache.__worklogEmailTransport ??= nodemailer.createTransport({ url: email.smtpUrl, ...SMTP_TIMEOUTS }));
}

/** Sends one message from EMAIL_FROM; throws what the SMTP server or the connection said. */
export async function sendEmail(message: EmailMessage): Promise<void> {
  await transport().sendMail({ from: getConfig().email!.from, ...message });
}
