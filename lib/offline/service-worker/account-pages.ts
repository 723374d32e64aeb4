import { ACCOUNT_CACHE, isPagesCache, pagesCacheName } from "../protocol";

/** The entry of ACCOUNT_CACHE that holds the id of the account whose pages are served. */
const accountKey = "/__worklog-offline-account";

/** Pages waiting for the page they made to name its account; more are the pages of tabs that never did. */
const maxHeldPages = 8;

/**
 * The pages the worker keeps for offline use, per account (README "Offline and installing"). A
 * navigation's response is held in memory until the page it made tells the worker the account
 * it was rendered for (lib/offline/protocol.ts), and only then kept, in that account's cache:
 * a response is never filed under an account it was not rendered for, whoever signed in or out
 * meanwhile. That account becomes the one whose pages are served offline, and every other
 * account's pages are deleted. The account is kept in a cache, since the browser stops an idle
 * worker and its memory with it. Every change runs after the one before, in order.
 */
export class AccountPages {
  private readonly held = new Map<string, { url: string; response: Promise<Response> }>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly buildId: string) {}

  /** Holds a copy of a navigation's response until the page it made, the client `clientId`, names its account. */
  hold(clientId: string, url: string, response: Promise<Response>): void {
    this.held.set(clientId, { url, response });
    for (const oldest of this.held.keys()) {
      if (this.held.size <= maxHeldPages) break;
      this.held.delete(oldest);
    }
  }

  /** The page `clientId` was rendered for `userId` (null: a visitor): keeps its response in that account's cache; null forgets the account. */
  announce(userId: string | null, clientId: string | undefined): Promise<void> {
    return this.serially(async () => {
      if (userId === null) return this.forgetNow();
      await (await caches.open(ACCOUNT_CACHE)).put(accountKey, new Response(userId));
      const keep = pagesCacheName(this.buildId, userId);
      await this.deletePageCaches((name) => name !== keep);
      const page = clientId === undefined ? undefined : this.held.get(clientId);
      if (!page || clientId === undefined) return;
      this.held.delete(clientId);
      await (await caches.open(keep)).put(page.url, await page.response);
    });
  }

  /** No account's pages are served until a page names one again: its pages stay, for when it does. */
  forget(): Promise<void> {
    return this.serially(() => this.forgetNow());
  }

  /** Forgets the account and deletes every account's pages. */
  signOut(): Promise<void> {
    return this.serially(async () => {
      await this.forgetNow();
      await this.deletePageCaches(() => true);
    });
  }

  /** Deletes the pages of other builds than this worker's, whose scripts and styles it did not precache. */
  dropOtherBuilds(): Promise<void> {
    return this.serially(() => this.deletePageCaches((name) => !name.startsWith(pagesCacheName(this.buildId, ""))));
  }

  /** The kept page at `url` of the account whose pages are served, if any. */
  async match(url: string): Promise<Response | undefined> {
    const userId = await (await caches.match(accountKey, { cacheName: ACCOUNT_CACHE }))?.text();
    const name = userId && pagesCacheName(this.buildId, userId);
    if (!name || !(await caches.has(name))) return undefined;
    return (await caches.open(name)).match(url, { ignoreVary: true });
  }

  private async forgetNow(): Promise<void> {
    this.held.clear();
    await caches.delete(ACCOUNT_CACHE);
  }

  private async deletePageCaches(which: (name: string) => boolean): Promise<void> {
    const names = (await caches.keys()).filter((name) => isPagesCache(name) && which(name));
    await Promise.all(names.map((name) => caches.delete(name)));
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const done = this.queue.then(work);
    this.queue = done.catch(() => undefined);
    return done;
  }
}
