// Runs once when the server starts: validates the configuration and migrates the database
// before any request is served.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { recordPeerAddresses } = await import("./lib/client-ip");
  recordPeerAddresses();
  const { startServer } = await import("./lib/server/startup");
  await startServer();
}
