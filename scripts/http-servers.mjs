// Loaded into the server by scripts/start.mjs (`node --import`). Next.js keeps its HTTP server to
// itself; a clean stop (lib/server/stop.ts) must stop it accepting and know when the requests in
// flight have finished. This records every server that listens and counts the requests in flight,
// on globalThis, where lib/server/stop.ts finds them (`globalThis.__worklogHttpServers`).
import http from "node:http";

const state = {
  /** @type {Set<http.Server>} */
  servers: new Set(),
  inFlight: 0,
  /** @type {Set<() => void>} called each time the last request in flight has finished */
  idleListeners: new Set(),
};
globalThis.__worklogHttpServers = state;

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitCounted(event, ...args) {
  if (event === "listening") state.servers.add(this);
  if (event === "request") {
    const [, response] = args;
    state.inFlight++;
    response.once("close", () => {
      if (--state.inFlight === 0) for (const listener of state.idleListeners) listener();
    });
  }
  return emit.call(this, event, ...args);
};
