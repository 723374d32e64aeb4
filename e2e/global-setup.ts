// The SMTP server the e2e server sends its email to (playwright.config.ts gives the server
// SMTP_URL on this port); specs read what arrived with waitForMessageTo (tests/support/mailbox.ts).
import { startMailbox } from "../tests/support/mailbox";

export default async function globalSetup() {
  const mailbox = await startMailbox({ dir: process.env.WORKLOG_TEST_MAILBOX, port: Number(process.env.E2E_SMTP_PORT) });
  return () => mailbox.stop();
}
