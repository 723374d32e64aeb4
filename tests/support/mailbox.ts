// A real SMTP server for the tests (smtp-server, by nodemailer's authors): the API project's
// global setup (global-servers.ts) and Playwright's (e2e/global-setup.ts) start one, their
// shared servers send to it (SMTP_URL), and every message it receives is written to a directory
// as an .eml file, so that tests in other processes read what arrived with `waitForMessageTo`
// (parsed by mailparser). The directory is the API project's provided `mailbox`, or
// WORKLOG_TEST_MAILBOX (Playwright).
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The directory where the global setup's SMTP server writes what it receives. */
    mailbox?: string;
  }
}

/** The credentials the test server accepts, carried by SMTP_URL as a real server's would be. */
const user = "worklog";
const password = "mail-password-of-the-tests";

/** What a server that sends to the test SMTP server on `port` is given. */
export const mailboxEnv = (port: number) => ({ SMTP_URL: `smtp://${user}:${password}@127.0.0.1:${port}`, EMAIL_FROM: "Worklog <worklog@example.com>" });

export type Mailbox = { dir: string; env: ReturnType<typeof mailboxEnv>; stop: () => Promise<void> };

/** Starts an SMTP server on loopback (`port`, else a free one) that writes each message it accepts to `dir` (else a new directory). */
export async function startMailbox({
  dir = mkdtempSync(path.join(os.tmpdir(), "worklog-mailbox-")),
  port = 0,
}: {
  dir?: string;
  port?: number;
} = {}): Promise<Mailbox> {
  let received = 0;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        // Named in the order of arrival; written whole under another name first, so that a reader never sees half a message.
        const name = `${String(Date.now()).padStart(15, "0")}-${String(++received).padStart(6, "0")}-${randomUUID()}.eml`;
        writeFileSync(path.join(dir, `.${name}`), Buffer.concat(chunks));
        renameSync(path.join(dir, `.${name}`), path.join(dir, name));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    dir,
    env: mailboxEnv((server.server.address() as AddressInfo).port),
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type ReceivedMessage = {
  /** `Name <address>`, or the address alone. */
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every `href` of the HTML part, in order. */
  links: string[];
};

async function parse(file: string): Promise<ReceivedMessage> {
  const parsed = await simpleParser(readFileSync(file));
  const addresses = (field: typeof parsed.to) =>
    field ? (Array.isArray(field) ? field : [field]).flatMap((group) => group.value.map((a) => a.address ?? "")) : [];
  const html = typeof parsed.html === "string" ? parsed.html : "";
  return {
    from: parsed.from?.value.map(({ name, address }) => (name ? `${name} <${address}>` : (address ?? ""))).join(", ") ?? "",
    to: addresses(parsed.to),
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html,
    links: [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&")),
  };
}

/** The messages to `address` that have arrived, in the order of arrival. */
export async function messagesTo(address: string, dir = mailboxDir()): Promise<ReceivedMessage[]> {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".eml") && !name.startsWith("."))
    .sort();
  const messages = await Promise.all(files.map((name) => parse(path.join(dir, name))));
  return messages.filter((message) => message.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

function mailboxDir(): string {
  const dir = process.env.WORKLOG_TEST_MAILBOX ?? (process.env.VITEST ? inject("mailbox") : undefined);
  if (!dir) throw new Error("no mailbox here: the API project's global setup (tests/support/global-servers.ts) and Playwright's provide one");
  return dir;
}

/**
 * The `count`-th message to `address` (the first by default), once it has arrived: the mailbox is
 * read again every 100 ms until then, for at most `timeoutMs`, a bound against a hang on a slow,
 * busy machine, not a speed check.
 */
export async function waitForMessageTo(
  address: string,
  { count = 1, timeoutMs = 60_000 }: { count?: number; timeoutMs?: number } = {},
): Promise<ReceivedMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await messagesTo(address);
    if (messages.length >= count) return messages[count - 1]!;
    if (Date.now() > deadline) throw new Error(`${messages.length} message(s) to ${address} after ${timeoutMs / 1000} s, waiting for ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
