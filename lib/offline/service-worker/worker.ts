/**
 * The service worker: the installed app, and the worklog offline (README "Offline and installing").
 * Built by `serwist build` after `next build` (scripts/build.mjs, serwist.config.js) into
 * public/sw.js; registered by components/browser/offline-worker.tsx in production builds.
 *
 * Caching policy:
 * - The build's static files (`/_next/static/…`, named by their content's hash, never changed)
 *   and public/ (icons, the offline page) are precached at install and served from the cache
 *   first. A new build's worker takes over at once (skipWaiting, clientsClaim) and deletes the
 *   previous precache and the pages kept with it (a page needs its own build's scripts).
 * - Navigations (the pages' HTML): from the network first, with no timeout: online, a page is
 *   always the server's current one; the cache answers only when the network fails. What may
 *   be kept (lib/offline/page-cache-rules.ts): a 200 that was not redirected, not marked
 *   `no-store` (the settings), never sign-in, sign-up, /device, /invite/…, /r/… (shared pages);
 *   /api/… and /auth/… are never even answered by the worker.
 * - Per account (lib/offline/service-worker/account-pages.ts): the page a navigation returned is
 *   kept only once that page has told the worker the account it was rendered for, in that
 *   account's cache; another account's announcement deletes the others' pages, and offline only
 *   the announced account's pages are served. A navigation to sign-in or sign-up, a redirected
 *   one, or a page of a visitor forgets the account; `worklog:sign-out` deletes every kept page
 *   (lib/offline/protocol.ts, the messages).
 * - Server components' requests (`RSC: 1`, `_rsc`), server actions (POSTs) and every other
 *   request: not answered by the worker, so the network alone; nothing of them is kept.
 * - A navigation that fails with nothing kept for it gets the precached offline page.
 *
 * Besides, the `sync` event of Background Sync sends the offline outbox (lib/offline/replay-all.ts).
 */
import { type PrecacheEntry, Serwist, type RouteHandlerCallbackOptions, type SerwistGlobalConfig, setCacheNameDetails } from "serwist";
import { answersNavigation, isRedirect, leavesAccount, mayKeepPage, offlinePageUrl } from "../page-cache-rules";
import { CACHE_PREFIX, offlineMessage, SIGN_OUT_MESSAGE, SIGNED_OUT_REPLY } from "../protocol";
import { backgroundSyncTag } from "../background-sync";
import { replayAllOutboxes } from "../replay-all";
import { AccountPages } from "./account-pages";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    /** The precache's list, written in by `serwist build` (its injection point). */
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

/** The Next.js build this worker was made with (serwist.config.js defines it). */
declare const WORKLOG_BUILD_ID: string;

/** public/offline.html: what a navigation with no network and no kept page shows. */
const offlinePage = "/offline.html";

// Before the precache is made, which takes its name from this (Serwist's `cacheId` comes too late for it).
setCacheNameDetails({ prefix: CACHE_PREFIX });

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  skipWaiting: true,
  clientsClaim: true,
  // The browser asks for the page while the worker starts; the request carries the browser's own headers (Sec-Fetch-Site).
  navigationPreload: true,
});

const pages = new AccountPages(WORKLOG_BUILD_ID);

async function navigate({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  const fetchEvent = event as FetchEvent;
  const url = new URL(request.url);
  if (leavesAccount(url)) fetchEvent.waitUntil(pages.forget());
  let response: Response;
  try {
    response = (await fetchEvent.preloadResponse) ?? (await fetch(request));
  } catch {
    return (await pages.match(offlinePageUrl(url))) ?? (await serwist.matchPrecache(offlinePage)) ?? Response.error();
  }
  if (isRedirect(response)) fetchEvent.waitUntil(pages.forget());
  else if (fetchEvent.resultingClientId && mayKeepPage(url, response)) {
    const copy = readCopy(response);
    fetchEvent.waitUntil(copy.catch(() => undefined));
    pages.hold(fetchEvent.resultingClientId, request.url, copy);
  }
  return response;
}

/**
 * A copy of a response, read as it arrives. A clone left unread would hold the page's own body
 * back once the browser's buffer between the two is full: the page would never finish loading,
 * never name its account, and its connection would stay open.
 */
async function readCopy(response: Response): Promise<Response> {
  const clone = response.clone();
  const { status, statusText, headers } = clone;
  return new Response(await clone.blob(), { status, statusText, headers });
}

serwist.registerCapture(({ request, url }) => request.mode === "navigate" && answersNavigation(url), navigate);

self.addEventListener("message", (event) => {
  const message = offlineMessage(event.data);
  if (!message) return;
  if (message.type === SIGN_OUT_MESSAGE) {
    event.waitUntil(pages.signOut().finally(() => event.ports[0]?.postMessage({ type: SIGNED_OUT_REPLY })));
    return;
  }
  const source = event.source;
  event.waitUntil(pages.announce(message.userId, source && "id" in source ? source.id : undefined));
});

self.addEventListener("activate", (event) => event.waitUntil(pages.dropOtherBuilds()));

// Background Sync (where the browser has it): the outbox's changes are sent once the connection
// is back, even with no page open; a rejection makes the browser try again later.
self.addEventListener("sync", (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag === backgroundSyncTag) sync.waitUntil(replayAllOutboxes());
});

serwist.addEventListeners();
