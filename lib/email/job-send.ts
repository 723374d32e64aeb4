import "server-only";
import { FinalJobError } from "@/lib/jobs/job-kind";
import { sendEmail, type EmailMessage } from "./transport";

/** An SMTP answer that another attempt would get again (5xx: a refused recipient or sender). */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

/** Sends a message from a job of the queue: an answer that another attempt would get again fails the job at once (FinalJobError). */
export async function sendEmailFromJob(message: EmailMessage): Promise<void> {
  try {
    await sendEmail(message);
  } catch (error) {
    if (isPermanent(error)) throw new FinalJobError(error instanceof Error ? error.message : String(error));
    throw error;
  }
}
