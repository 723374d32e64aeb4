// How `npm start` listens and stops (README "Stopping", "Configuration": HOST). Each test starts a
// server of its own through server.ts (startServer) and stops it with a signal, which no shared
// server may be; each on a fresh embedded database, whose lock must be released.
import { existsSync, readFileSync } from "node:fs";
import { request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type PrivateServer } from "../support/server";
import { readEvents } from "../support/sse";
import { newKey } from "../support/accounts";

let server: PrivateServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const lockFile = (server: PrivateServer) => `${path.join(server.env.DATA_DIR!, "pglite")}.lock`;

/** Whether anything accepts a connection at `url` (another path of the same origin). */
async function accepts(url: string): Promise<boolean> {
  try {
    await fetch(new URL("/api/live", url));
    return true;
  } catch {
    return false;
  }
}

/** Resolves once `check` holds, polling; fails past `withinMs`. */
async function until(check: () => boolean | Promise<boolean>, withinMs: number, what: string): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A POST whose body has not been sent yet, once the server has taken the request in (its
 * `100 Continue`): a request in flight, finished by `finish` (the rest of the body).
 */
async function requestInFlight(
  url: string,
  key: string,
  body: string,
): Promise<{ finish: () => Promise<{ status: number; body: string }>; request: ClientRequest }> {
  const request = httpRequest(new URL("/api/v1/projects", url), {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}`,
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      expect: "100-continue",
    },
  });
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    request.once("response", resolve);
    request.once("error", reject);
  });
  response.catch(() => undefined); // a request cut off is awaited by its "error" event instead
  await new Promise((resolve) => request.once("continue", resolve));
  return {
    request,
    finish: async () => {
      request.end(body);
      const answer = await response;
      let text = "";
      for await (const chunk of answer) text += chunk;
      return { status: answer.statusCode!, body: text };
    },
  };
}

describe("npm start", () => {
  it("listens on 127.0.0.1 only by default, and on SIGTERM to npm finishes what is in flight, ends event streams with a last event and releases the embedded database", async () => {
    server = await startServer({ backend: "pglite", npm: true });
    const { port } = new URL(server.url);
    expect(server.url).toBe(`http://127.0.0.1:${port}`);
    // Another loopback address stands for the machine's other addresses: only 127.0.0.1 is bound.
    expect(await accepts(`http://127.0.0.2:${port}`)).toBe(false);
    expect(existsSync(lockFile(server))).toBe(true);

    const key = await newKey(server, { scopes: ["worklog:read", "project:write"] });
    const stream = await server.request("/api/v1/worklog/recaps/sse", { key });
    expect(stream.status).toBe(200);
    const events = readEvents(stream);
    const slow = await requestInFlight(server.url, key, JSON.stringify({ name: "Finished while stopping" }));

    const tree = [server.pid(), ...readFileSync(`/proc/${server.pid()}/task/${server.pid()}/children`, "utf8").split(" ").filter(Boolean).map(Number)];
    process.kill(server.pid(), "SIGTERM");

    const ended = await events;
    expect(ended.closedByServer).toBe(true);
    expect(ended.events.at(-1)).toEqual({ id: undefined, data: { reason: "server_stopping" } });
    expect(await accepts(server.url)).toBe(false);
    const finished = await slow.finish();
    expect(finished.status, finished.body).toBe(201);
    expect(JSON.parse(finished.body)).toMatchObject({ name: "Finished while stopping" });

    await until(() => !existsSync(lockFile(server!)), 15_000, "the embedded database's lock released");
    await until(() => tree.every((pid) => !existsSync(`/proc/${pid}`)), 15_000, "npm and the server ended");
    // Their last lines may still be in the pipe when the processes are gone: read until the last one arrives.
    await until(async () => /\[worklog\] stopped/.test(await server!.logs()), 15_000, "the server's last log line");
    const logs = await server.logs();
    expect(logs).toMatch(/\[worklog\] SIGTERM: stopping/);
    expect(logs).toMatch(/\[worklog\] stopped/);
    expect(logs).not.toMatch(/again: stopping at once/);
  });
});

describe("node scripts/start.mjs", () => {
  it("listens on HOST, and a second signal while requests are in flight exits at once", async () => {
    server = await startServer({ backend: "pglite", env: { HOST: "127.0.0.2", HOSTNAME: "127.0.0.2" } });
    const { port } = new URL(server.url);
    expect(server.url).toBe(`http://127.0.0.2:${port}`);
    expect(await accepts(`http://127.0.0.1:${port}`)).toBe(false);

    const key = await newKey(server, { scopes: ["project:write"] });
    const slow = await requestInFlight(server.url, key, JSON.stringify({ name: "Never finished" }));
    const cut = new Promise((resolve) => slow.request.once("error", resolve));
    const started = server.pid();
    const exited = new Promise((resolve) => {
      const watch = setInterval(() => {
        if (existsSync(`/proc/${started}`)) return;
        clearInterval(watch);
        resolve(undefined);
      }, 20);
    });

    process.kill(started, "SIGTERM");
    await until(async () => /\[worklog\] SIGTERM: stopping; 1 request\(s\) in flight/.test(await server!.logs()), 10_000, "the stop begun");
    expect(await accepts(server.url)).toBe(false);
    process.kill(started, "SIGINT");
    await exited;
    await cut;
    await until(() => !existsSync(lockFile(server!)), 5_000, "the embedded database's lock released");
    // Without waiting out the 10 s the request in flight would have been given, which ends with "stopped".
    const logs = await server.logs();
    expect(logs).toMatch(/\[worklog\] SIGINT again: stopping at once/);
    expect(logs).not.toMatch(/still in flight after|\[worklog\] stopped/);
  });
});
