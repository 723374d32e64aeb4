import { expect, type Page } from "@playwright/test";

// The service worker as the offline specs wait for it (lib/offline/service-worker/worker.ts):
// in control of the page, and keeping the pages it was opened on.

/** Waits until the service worker is active and controls the page (it claims pages as it activates). */
export async function workerInControl(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    return navigator.serviceWorker.controller!.scriptURL;
  });
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
