// A real SMTP server for the tests (smtp-server, by nodemailer's authors): the API project's
// global setup starts one, its shared servers send to it (SMTP_URL), and every message it
// receives is written to a directory as an .eml file, so that test files in other processes read
// what arrived with `waitForMessageTo` (parsed by mailparser).
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

export type Mailbox = { dir: string; env: { SMTP_URL: string; EMAIL_FROM: string }; stop: () => Promise<void> };

/** Starts an SMTP server on loopback that writes each message it accepts to a new directory. */
export async function startMailbox(): Promise<Mailbox> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "worklog-mailbox-"));
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    dir,
    env: { SMTP_URL: `smtp://${user}:${password}@127.0.0.1:${port}`, EMAIL_FROM: "Worklog <worklog@example.com>" },
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type ReceivedMessage = {
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
    from: parsed.from?.text ?? "",
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
  const dir = inject("mailbox");
  if (!dir) throw new Error("no mailbox here: the API project's global setup (tests/support/global-servers.ts) provides it");
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
