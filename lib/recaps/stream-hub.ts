import "server-only";
import { ownerId, type Access } from "@/lib/access/context";
import { credentialName, liveCredentials, type StreamCredential } from "@/lib/auth/stream-credentials";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { accountChangeMarks } from "./account-changes";

/** Open recap streams per account in a process, the API's and the web app's together. */
const MAX_STREAMS_PER_ACCOUNT = 5;
/** How often the process looks in the database, which every instance writes to, for changes. */
const CHANGE_CHECK_MS = 250;
/** A slot frees as soon as a stream of the account (or the process) ends. */
const RETRY_AFTER_SECONDS = 5;

/** One open stream's hold on the hub. */
export type StreamSubscription = {
  /** Aborts when the stream's credential fails a check: revoked, expired, or its account deleted. */
  readonly revoked: AbortSignal;
  /** How many changes of the account the hub has seen; read it before reading the database. */
  version(): number;
  /** Resolves once the hub has seen a change after `version`, or when `signal` aborts. */
  changedSince(version: number, signal: AbortSignal): Promise<void>;
  /** Gives the slot back; called once the stream has ended. */
  close(): void;
};

type Subscriber = { credential: StreamCredential; revocation: AbortController };

type AccountStreams = {
  subscribers: Set<Subscriber>;
  version: number;
  mark: string | undefined;
  waiters: Set<() => void>;
};

/**
 * The recap streams open in this process. One loop, running only while streams are open, asks
 * the database in one statement which of their accounts changed, and wakes those accounts'
 * streams, which then read what is new; an idle stream costs no query of its own. Another loop
 * checks every stream's credential again. Kept on globalThis: route bundles may each load this
 * module, and the limits are the process's.
 */
class StreamHub {
  /** By owner: the id of the account whose recaps the streams follow (lib/access/context.ts, `ownerId`). */
  private readonly accounts = new Map<string, AccountStreams>();
  private open = 0;
  private changeLoop: NodeJS.Timeout | undefined;
  private credentialLoop: NodeJS.Timeout | undefined;

  subscribe(owner: string, credential: StreamCredential): StreamSubscription {
    const account = this.accounts.get(owner) ?? { subscribers: new Set(), version: 0, mark: undefined, waiters: new Set() };
    if (this.open >= getConfig().sseMaxStreams || account.subscribers.size >= MAX_STREAMS_PER_ACCOUNT) {
      throw new AppError("limit_reached", "Too many open event streams", { headers: { "retry-after": String(RETRY_AFTER_SECONDS) } });
    }
    const subscriber: Subscriber = { credential, revocation: new AbortController() };
    account.subscribers.add(subscriber);
    this.accounts.set(owner, account);
    this.open++;
    this.startLoops();
    let closed = false;
    return {
      revoked: subscriber.revocation.signal,
      version: () => account.version,
      changedSince: (version, signal) => (account.version > version ? Promise.resolve() : this.nextChange(account, signal)),
      close: () => {
        if (closed) return;
        closed = true;
        account.subscribers.delete(subscriber);
        if (account.subscribers.size === 0 && this.accounts.get(owner) === account) this.accounts.delete(owner);
        this.open--;
      },
    };
  }

  private nextChange(account: AccountStreams, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        account.waiters.delete(wake);
        signal.removeEventListener("abort", wake);
        resolve();
      };
      if (signal.aborted) return resolve();
      account.waiters.add(wake);
      signal.addEventListener("abort", wake, { once: true });
    });
  }

  private wake(account: AccountStreams) {
    account.version++;
    for (const wake of [...account.waiters]) wake();
  }

  private startLoops() {
    this.changeLoop ??= setTimeout(() => void this.checkChanges(), CHANGE_CHECK_MS).unref();
    this.credentialLoop ??= setTimeout(() => void this.checkCredentials(), getConfig().sseCredentialCheckMs).unref();
  }

  /** Wakes the accounts whose recaps changed, and those with one in progress, at every tick. */
  private async checkChanges() {
    const owners = [...this.accounts.keys()];
    try {
      if (owners.length > 0) {
        const marks = await accountChangeMarks(owners);
        for (const owner of owners) {
          const account = this.accounts.get(owner);
          if (!account) continue;
          const { mark, inProgress } = marks.get(owner) ?? { mark: "", inProgress: false };
          if (inProgress || mark !== account.mark) {
            account.mark = mark;
            this.wake(account);
          }
        }
      }
    } catch {
      // Each stream reads the database itself, and fails as it would on its own (the cause logged there).
      for (const account of this.accounts.values()) this.wake(account);
    }
    this.changeLoop = this.open > 0 ? setTimeout(() => void this.checkChanges(), CHANGE_CHECK_MS).unref() : undefined;
  }

  /** Ends the streams whose key or token was revoked or expired, or whose account was deleted. */
  private async checkCredentials() {
    const subscribers = [...this.accounts.values()].flatMap((account) => [...account.subscribers]);
    try {
      if (subscribers.length > 0) {
        const live = await liveCredentials(subscribers.map((subscriber) => subscriber.credential));
        for (const subscriber of subscribers) if (!live.has(credentialName(subscriber.credential))) subscriber.revocation.abort();
      }
    } catch (error) {
      console.error("[sse] could not check the streams' credentials:", (error as Error).message);
    }
    this.credentialLoop = this.open > 0 ? setTimeout(() => void this.checkCredentials(), getConfig().sseCredentialCheckMs).unref() : undefined;
  }
}

const processWide = globalThis as typeof globalThis & { __worklogStreamHub?: StreamHub };

/** Takes a slot for a new stream of the account, or throws the 429 of docs/api.md, "Recaps and their event stream". */
export function subscribeToRecapChanges(access: Access, credential: StreamCredential): StreamSubscription {
  return (processWide.__worklogStreamHub ??= new StreamHub()).subscribe(ownerId(access), credential);
}
