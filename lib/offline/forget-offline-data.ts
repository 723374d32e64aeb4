// What signing out does to the offline worklog (README "Offline and installing"): nothing of the
// account stays in the browser, neither its unsent changes nor its cached pages.
import { clearOfflineCaches } from "./clear-offline-caches";
import { countItems, deleteOutboxDatabase } from "./outbox-store";

/** The changes of every queue that would be lost. */
export async function unsentChangeCount(): Promise<number> {
  return countItems().catch(() => 0);
}

/** The longest signing out waits for the browser to delete the outbox (another tab may hold it open a moment). */
const deleteWaitMs = 5000;

/** Deletes the outbox's database and the caches. Signing out goes on even if the browser takes longer than deleteWaitMs. */
export async function forgetOfflineData(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bounded = new Promise<void>((resolve) => (timer = setTimeout(resolve, deleteWaitMs)));
  const forgetting = Promise.all([deleteOutboxDatabase(), clearOfflineCaches()]).catch((error: unknown) =>
    console.error("Offline data could not be deleted", error),
  );
  await Promise.race([forgetting, bounded]);
  clearTimeout(timer);
}
