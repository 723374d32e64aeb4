import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request as httpsRequest, Agent, type RequestOptions } from "node:https";
import type { IncomingMessage } from "node:http";
import { connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, runProcess } from "./server";

export const NGINX = "/usr/sbin/nginx";
export const nginxInstalled = () => existsSync(NGINX);

/** The host docs/deploy/nginx.conf serves, which the test certificate names. */
export const PROXIED_HOST = "worklog.example.com";

const siteFile = path.resolve(import.meta.dirname, "../../docs/deploy/nginx.conf");

/** Replaces `from` in the site file, which must hold it: the documented file and the tested one differ by these lines alone. */
function replaceIn(site: string, from: string, to: string): string {
  if (!site.includes(from)) throw new Error(`docs/deploy/nginx.conf no longer has ${JSON.stringify(from)}: update tests/support/nginx.ts`);
  return site.replaceAll(from, to);
}

export type RunningNginx = {
  /** `https://127.0.0.1:<port>`: the TLS server of the site, which proxies. */
  httpsUrl: string;
  /** `http://127.0.0.1:<port>`: the plain-HTTP server of the site, which redirects. */
  httpUrl: string;
  /** The test certificate, for a client to trust (with `servername: PROXIED_HOST`). */
  ca: string;
  /** A request to the TLS server as a browser at PROXIED_HOST sends it; `localAddress` is the client's own (any of 127.0.0.0/8). */
  request: (
    pathname: string,
    options?: { method?: string; headers?: Record<string, string>; body?: string | Buffer; localAddress?: string },
  ) => Promise<IncomingMessage>;
  logs: () => Promise<string>;
  stop: () => Promise<void>;
};

/**
 * Debian's nginx with docs/deploy/nginx.conf as its site, in front of `upstream` (host:port), on
 * free ports of 127.0.0.1 with a certificate made for the run; everything it writes goes to a
 * temporary directory. The main configuration around the site is the least nginx needs.
 */
export async function startNginx(upstream: string): Promise<RunningNginx> {
  const dir = await mkdtemp(path.join(tmpdir(), "worklog-nginx-"));
  // Run as root, nginx's workers run as another user and must reach the temporary files.
  await chmod(dir, 0o755);
  const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  const made = await runProcess(
    dir,
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
      ...["-keyout", key, "-out", cert, "-subj", `/CN=${PROXIED_HOST}`, "-addext", `subjectAltName=DNS:${PROXIED_HOST}`],
    ],
    process.env,
  );
  if (made.exitCode !== 0) throw new Error(`openssl could not make the test certificate: ${made.stderr}`);

  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  let site = await readFile(siteFile, "utf8");
  site = replaceIn(site, "server 127.0.0.1:3000;", `server ${upstream};`);
  site = replaceIn(site, "listen 80;", `listen 127.0.0.1:${httpPort};`);
  site = replaceIn(site, "listen [::]:80;", "");
  site = replaceIn(site, "listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`);
  site = replaceIn(site, "listen [::]:443 ssl http2;", "");
  site = replaceIn(site, `/etc/letsencrypt/live/${PROXIED_HOST}/fullchain.pem`, cert);
  site = replaceIn(site, `/etc/letsencrypt/live/${PROXIED_HOST}/privkey.pem`, key);
  await writeFile(path.join(dir, "site.conf"), site);
  const temporary = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `${kind}_temp_path ${path.join(dir, kind)};`);
  await writeFile(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;\nevents { worker_connections 256; }\nhttp {\n  access_log ${path.join(dir, "access.log")};\n  ${temporary.join("\n  ")}\n  include ${path.join(dir, "site.conf")};\n}\n`,
  );

  const errorLog = path.join(dir, "error.log");
  const logs = async () => (existsSync(errorLog) ? readFile(errorLog, "utf8") : "");
  let output = "";
  const child: ChildProcess = spawn(NGINX, [
    "-p",
    dir,
    "-c",
    path.join(dir, "nginx.conf"),
    "-e",
    errorLog,
    "-g",
    `daemon off; pid ${path.join(dir, "nginx.pid")};`,
  ]);
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await listening(httpsPort, child, async () => `${output}${await logs()}`);
  } catch (error) {
    await stop();
    throw error;
  }

  const ca = await readFile(cert, "utf8");
  const agents = new Map<string, Agent>();
  const agentFrom = (localAddress = "127.0.0.1") => {
    let agent = agents.get(localAddress);
    if (!agent) agents.set(localAddress, (agent = new Agent({ keepAlive: true, localAddress })));
    return agent;
  };
  return {
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    ca,
    request: (pathname, { method = "GET", headers = {}, body, localAddress } = {}) =>
      new Promise((resolve, reject) => {
        const options: RequestOptions = {
          host: "127.0.0.1",
          port: httpsPort,
          path: pathname,
          method,
          ca,
          servername: PROXIED_HOST,
          agent: agentFrom(localAddress),
        };
        const sent = httpsRequest({ ...options, headers: { host: PROXIED_HOST, ...headers } }, resolve);
        sent.once("error", reject);
        sent.end(body);
      }),
    logs,
    stop: async () => {
      for (const agent of agents.values()) agent.destroy();
      await stop();
    },
  };
}

async function listening(port: number, child: ChildProcess, logs: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${await logs()}`);
    const open = await new Promise<boolean>((resolve) => {
      const probe = connect(port, "127.0.0.1", () => resolve(true)).once("error", () => resolve(false));
      probe.once("connect", () => probe.destroy());
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen within 10 s:\n${await logs()}`);
}

/** The whole body of a response, as text. */
export async function bodyOf(response: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of response) text += chunk;
  return text;
}

export type Relay = {
  /** host:port, for nginx's upstream. */
  address: string;
  /** Each request nginx sent, in order: its request line and the number of the connection it came on. */
  requests: { line: string; connection: number }[];
  /** How many connections nginx has opened to the server. */
  connections: () => number;
  stop: () => Promise<void>;
};

/**
 * A TCP relay between nginx and the server that passes every byte as it is and notes which
 * connection each request came on: that is how a test sees nginx reuse a connection.
 */
export async function connectionRelay(serverUrl: string): Promise<Relay> {
  const { hostname, port } = new URL(serverUrl);
  const requests: Relay["requests"] = [];
  const sockets = new Set<Socket>();
  let opened = 0;
  const relay = createServer((fromNginx) => {
    const connection = ++opened;
    const toServer = connect(Number(port), hostname);
    for (const socket of [fromNginx, toServer]) {
      // Passed on at once: Nagle's algorithm would hold a response's last bytes for nginx's delayed ACK.
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.once("close", () => sockets.delete(socket));
      socket.once("error", () => [fromNginx, toServer].forEach((each) => each.destroy()));
    }
    fromNginx.on("data", (chunk: Buffer) => {
      // nginx writes a request's head at once: a request line starts a chunk (a body's bytes never match).
      const line = /^[A-Z]+ \S+ HTTP\/1\.[01]\r\n/.exec(chunk.subarray(0, 2048).toString("latin1"))?.[0];
      if (line) requests.push({ line: line.trim(), connection });
    });
    fromNginx.pipe(toServer);
    toServer.pipe(fromNginx);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  return {
    address: `127.0.0.1:${(relay.address() as { port: number }).port}`,
    requests,
    connections: () => opened,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}
