import { createConnection, createServer, type Server } from "node:net";
import { rmSync } from "node:fs";
import { runAdminCommand, type AdminResult } from "./commands";

/**
 * The embedded database belongs to the server process, so while it runs the admin CLI hands
 * its command to the server over a Unix socket beside the data (only the owner of the data
 * directory can reach it) and prints what comes back.
 */
export function adminSocketPath(dataDir: string): string {
  return `${dataDir}.admin.sock`;
}

export function serveAdminCommands(socketPath: string): Server {
  rmSync(socketPath, { force: true });
  const server = createServer((socket) => {
    let request = "";
    socket.setEncoding("utf8");
    socket.on("data", async (chunk) => {
      request += chunk;
      if (!request.endsWith("\n")) return;
      let result: AdminResult;
      try {
        result = await runAdminCommand(JSON.parse(request) as string[]);
      } catch (error) {
        console.error("[admin] command failed:", error);
        result = { exitCode: 1, stdout: "", stderr: `The command failed: ${(error as Error).message}\n` };
      }
      socket.end(JSON.stringify(result));
    });
    socket.on("error", () => socket.destroy());
  });
  server.listen({ path: socketPath, readableAll: false, writableAll: false });
  server.unref();
  process.once("exit", () => rmSync(socketPath, { force: true }));
  return server;
}

export function sendAdminCommand(socketPath: string, argv: readonly string[]): Promise<AdminResult> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let response = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(argv)}\n`));
    socket.on("data", (chunk) => (response += chunk));
    socket.on("end", () => {
      try {
        resolve(JSON.parse(response) as AdminResult);
      } catch {
        reject(new Error("The server closed the admin connection without an answer."));
      }
    });
    socket.on("error", reject);
  });
}
