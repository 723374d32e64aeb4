import { expect, type Page } from "@playwright/test";

// The service worker as the offline specs wait for it (lib/offline/service-worker/worker.ts):
// in control of the page, and keeping the pages it was opened on.

/**
 * Waits until the service worker is active and controls the page. It claims the pages open as it
 * activates, but not one whose navigation was still on its way then (a busy machine's first
 * visit): that page is uncontrolled for good, and a reload, made once a worker is active, is not.
 */
export async function workerInControl(page: Page): Promise<string> {
  const controller = () =>
    page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller?.scriptURL ?? null;
    });
  const claimed = await controller();
  if (claimed) return claimed;
  await page.reload();
  const afterReload = await controller();
  expect(afterReload, "the service worker controls a page loaded after it activated").not.toBeNull();
  return afterReload!;
}

/** Every URL path the page's origin keeps in Cache Storage, by cache. */
export function cachedPaths(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      kept[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    }
    return kept;
  });
}

/** The HTML kept of the page at `path`, in whichever cache holds it, or null. */
export function keptPage(page: Page, path: string): Promise<string | null> {
  return page.evaluate(async (path) => {
    for (const name of await caches.keys()) {
      const response = await (await caches.open(name)).match(path, { ignoreVary: true });
      if (response) return response.text();
    }
    return null;
  }, path);
}

/** Opens `path` again through the service worker, then waits until it keeps the page (the page names its account once loaded). */
export async function openAndKeep(page: Page, path: string, showing: string) {
  await page.goto(path);
  await expect(page.getByText(showing).first()).toBeVisible();
  await expect.poll(async () => (await keptPage(page, path)) ?? "").toContain(showing);
}
