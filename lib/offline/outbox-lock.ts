// One sender per queue at a time, across the tabs and the service worker: the Web Locks API where
// the browser has it; elsewhere (an older browser, Node.js in the unit tests) one at a time in this context.
const held = new Map<string, Promise<unknown>>();

/** Runs `run` once no other holder of the lock `name` runs, and gives it the lock meanwhile. */
export function withLock<T>(name: string, run: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (locks) return locks.request(name, run) as Promise<T>;
  const next = (held.get(name) ?? Promise.resolve()).catch(() => undefined).then(run);
  held.set(name, next);
  return next;
}
