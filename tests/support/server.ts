import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { contractChecker, ContractViolation, type ContractChecker, type SentRequest } from "./contract";
import { askControl, hasControl } from "./control";
import { createFreshDatabase, testBackend, type Backend, type FreshDatabase } from "./databases";

const ownRoot = path.resolve(import.meta.dirname, "../..");

export type AdminOutput = { exitCode: number; stdout: string; stderr: string };

export type RequestOptions = {
  method?: string;
  /** An API key, sent as HTTP Basic with an empty password. */
  key?: string;
  /** JSON-encoded unless it is already a string. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Sent wrong on purpose: the request is not checked against the OpenAPI document (the
   * response is, as every response is; contract.ts).
   */
  invalid?: boolean;
};

/** A real server (`npm start`: `next start`) with a database of its own, as a test file sees it. */
export type TestServer = {
  url: string;
  backend: Backend;
  env: NodeJS.ProcessEnv;
  /** What the server has printed so far. */
  logs: () => Promise<string>;
  /** Runs the admin CLI (`npm run admin -- …`) on the server's database, as an operator would. */
  admin: (...args: string[]) => Promise<AdminOutput>;
  /** A new account; its email is unique unless given. */
  createUser: (options?: { email?: string; password?: string; plan?: "free" | "pro" }) => Promise<{ email: string; password: string }>;
  /** A key of the user; in their personal workspace unless `workspace` names another by its slug. */
  createKey: (email: string, scopes: string[], name?: string, workspace?: string) => Promise<string>;
  /** A new workspace owned by the user: its slug (`workspace:create`). */
  createWorkspace: (ownerEmail: string, name: string) => Promise<string>;
  /** Adds the user to the workspace of this slug with a role (`member:add`). */
  addMember: (slug: string, email: string, role: "admin" | "member" | "viewer") => Promise<void>;
  request: (pathname: string, options?: RequestOptions) => Promise<Response>;
};

/** A server a test file started for itself: it may restart and must stop it. */
export type PrivateServer = TestServer & {
  /** Stops the server and starts it again on the same database and port. */
  restart: () => Promise<void>;
  /** The pid of the process launched: `npm start`'s when launched through npm, else `node scripts/start.mjs`'s. */
  pid: () => number;
  /** Kills the server's processes at once (SIGKILL), as a machine that dies would: nothing of it settles anything. `restart` starts it again. */
  crash: () => Promise<void>;
  stop: () => Promise<void>;
  /** Runs a fixture's admin command (createUser, createKey) in the long-lived fixtures process. */
  fixture: (...argv: string[]) => Promise<AdminOutput>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A process and its descendants, parents first (Linux: /proc). */
export function processTree(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number),
  );
  return [pid, ...children.flatMap(processTree)];
}

/** Runs a command to its end: its exit code and what it printed. */
export function runProcess(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<AdminOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (exitCode) => resolve({ exitCode: exitCode ?? 1, stdout, stderr }));
  });
}

/** A long-lived process that runs the fixtures' admin commands (admin-commands.ts), started on first use. */
function fixtureAdmin(env: NodeJS.ProcessEnv): { run: (...argv: string[]) => Promise<AdminOutput>; stop: () => Promise<void> } {
  let child: ChildProcess | undefined;
  let nextId = 0;
  let received = "";
  const pending = new Map<number, { resolve: (result: AdminOutput) => void; reject: (error: Error) => void }>();
  const start = () => {
    const started = spawn(process.execPath, ["--import", "tsx", "tests/support/admin-commands.ts"], { cwd: ownRoot, env });
    let errors = "";
    started.stderr!.on("data", (chunk) => (errors += chunk));
    started.stdout!.on("data", (chunk) => {
      const lines = (received + chunk).split("\n");
      received = lines.pop()!;
      for (const line of lines) {
        const { id, result } = JSON.parse(line) as { id: number; result: AdminOutput };
        pending.get(id)?.resolve(result);
        pending.delete(id);
      }
    });
    started.once("exit", (code, signal) => {
      for (const { reject } of pending.values()) reject(new Error(`the admin commands process ended (${signal ?? code}):\n${errors}`));
      pending.clear();
    });
    return started;
  };
  return {
    run(...argv: string[]): Promise<AdminOutput> {
      child ??= start();
      const id = nextId++;
      const result = new Promise<AdminOutput>((resolve, reject) => pending.set(id, { resolve, reject }));
      child.stdin!.write(`${JSON.stringify({ id, argv })}\n`);
      return result;
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Another process took the port a server was to listen on, between freePort() and its start. */
class PortTakenError extends Error {}

/** The inodes of the sockets listening on `port` (Linux: /proc/net/tcp and tcp6). */
function listeningSockets(port: number): Set<string> {
  const local = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // sl, local_address, rem_address, st (0A: LISTEN), …, inode (the tenth).
      if (fields[3] === "0A" && fields[1]?.endsWith(local)) inodes.add(fields[9]!);
    }
  }
  return inodes;
}

/** Whether the process `pid` or one of its descendants holds the socket listening on `port`. */
function listensOn(pid: number, port: number): boolean {
  const sockets = listeningSockets(port);
  const holds = (process: number) => {
    try {
      return readdirSync(`/proc/${process}/fd`).some((fd) => sockets.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${process}/fd/${fd}`))?.[1] ?? ""));
    } catch {
      return false; // a process that ended meanwhile
    }
  };
  return processTree(pid).some(holds);
}

/**
 * Waits for the server's health check on its port, and makes sure the server that answers is
 * this one: two processes may be given the same free port, and the first to listen answers the
 * other's health checks, on another database (PortTakenError).
 */
async function waitUntilReady(host: string, port: number, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${logs()}`);
    try {
      if ((await fetch(`http://${host}:${port}/api/health`)).ok) {
        if (listensOn(child.pid!, port)) return;
        throw new PortTakenError(`port ${port} is another process's`);
      }
    } catch (error) {
      if (error instanceof PortTakenError) throw error;
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`next start did not become ready within 60 s:\n${logs()}`);
}

const contracts = new Map<string, Promise<ContractChecker>>();

/** The OpenAPI document a server serves, as a checker of requests and responses (contract.ts). */
function contractOf(url: string): Promise<ContractChecker> {
  let contract = contracts.get(url);
  if (!contract) {
    contract = fetch(`${url}/api/v1/openapi.json`).then(async (response) => contractChecker(await response.json()));
    contracts.set(url, contract);
  }
  return contract;
}

/**
 * Requests to a server: `key` as HTTP Basic, a body as JSON. In the test suites each request and
 * response is checked against the server's OpenAPI document (contract.ts). `clientAddress`: the
 * address a server behind one trusted proxy (TRUSTED_PROXY_COUNT=1) takes the requests for,
 * unless a request names its own `x-forwarded-for`.
 */
export function requester(url: string, clientAddress?: string): TestServer["request"] {
  const checked = Boolean(process.env.VITEST);
  return async (pathname, { method = "GET", key, body, headers = {}, signal, invalid = false } = {}) => {
    const allHeaders: Record<string, string> = { ...headers };
    if (clientAddress && !Object.keys(headers).some((name) => name.toLowerCase() === "x-forwarded-for")) allHeaders["x-forwarded-for"] = clientAddress;
    if (key !== undefined) allHeaders.authorization = `Basic ${Buffer.from(`${key}:`).toString("base64")}`;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === "string" ? body : JSON.stringify(body);
      if (!Object.keys(allHeaders).some((name) => name.toLowerCase() === "content-type")) allHeaders["content-type"] = "application/json";
    }
    const sent: SentRequest = { method: method.toUpperCase(), url: new URL(pathname, url), headers: allHeaders, body: payload };
    const contract = checked ? await contractOf(url) : undefined;
    if (contract && !invalid) {
      const problems = contract.checkRequest(sent);
      if (problems.length) throw new ContractViolation(`${sent.method} ${pathname} (if it is wrong on purpose, mark it { invalid: true })`, problems);
    }
    const response = await fetch(sent.url, { method, headers: allHeaders, body: payload, signal });
    if (contract) {
      const problems = await contract.checkResponse(sent, response);
      if (problems.length) throw new ContractViolation(`The answer ${response.status} to ${sent.method} ${pathname}`, problems);
    }
    return response;
  };
}

/** The fixtures every server offers, on top of a way to run an admin command in the fixtures process. */
export function accountFixtures(
  fixture: (...argv: string[]) => Promise<AdminOutput>,
): Pick<TestServer, "createUser" | "createKey" | "createWorkspace" | "addMember"> {
  return {
    async createUser({ email = `user-${randomUUID()}@example.com`, password = "correct horse battery", plan } = {}) {
      const result = await fixture("user:create", "--email", email, "--password", password, ...(plan ? ["--plan", plan] : []));
      if (result.exitCode !== 0) throw new Error(`user:create failed: ${result.stderr}`);
      return { email, password };
    },
    async createKey(email, scopes, name = "test key", workspace) {
      const result = await fixture(
        "key:create",
        "--email",
        email,
        "--name",
        name,
        "--scopes",
        scopes.join(","),
        ...(workspace ? ["--workspace", workspace] : []),
      );
      if (result.exitCode !== 0) throw new Error(`key:create failed: ${result.stderr}`);
      return result.stdout.trim();
    },
    async createWorkspace(ownerEmail, name) {
      const result = await fixture("workspace:create", "--email", ownerEmail, "--name", name);
      if (result.exitCode !== 0) throw new Error(`workspace:create failed: ${result.stderr}`);
      return result.stdout.trim();
    },
    async addMember(slug, email, role) {
      const result = await fixture("member:add", "--workspace", slug, "--email", email, "--role", role);
      if (result.exitCode !== 0) throw new Error(`member:add failed: ${result.stderr}`);
    },
  };
}

export function adminCli(root: string, env: NodeJS.ProcessEnv): TestServer["admin"] {
  return (...args) => runProcess(root, process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], env);
}

export type LaunchOptions = {
  backend?: Backend;
  env?: Record<string, string>;
  /** The checkout to serve, this one unless given (the benchmarks compare another commit's). */
  root?: string;
  /** A migrated template to copy the database from (databases.ts, migratedTemplate). */
  databaseTemplate?: string;
  /** Launched as `npm start` rather than `node scripts/start.mjs`, as an operator does. */
  npm?: boolean;
};

/** Starts `npm start` (`next start`) on a free port, with a database of its own. */
export async function launchServer(options: LaunchOptions = {}): Promise<PrivateServer> {
  const root = options.root ?? ownRoot;
  const backend = options.backend ?? testBackend();
  const database: FreshDatabase = await createFreshDatabase(backend, options.databaseTemplate);
  let port = 0;
  // The host the tests send requests to is the server's own (README.md, "Security": absolute links).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: "",
    DATA_DIR: "",
    NODE_ENV: "production",
    HOSTNAME: "127.0.0.1",
    ...database.env,
    ...options.env,
  };
  // The address it listens on (HOST, README "Configuration"); every interface is reached on loopback.
  const host = !env.HOST || env.HOST === "0.0.0.0" ? "127.0.0.1" : env.HOST;

  let output = "";
  let child: ChildProcess;
  const logs = () => output;
  const launch = async () => {
    const [command, args] = options.npm ? ["npm", ["start"]] : [process.execPath, ["scripts/start.mjs"]];
    child = spawn(command, args, { cwd: root, env: { ...env, PORT: String(port) } });
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    await waitUntilReady(host, port, child, logs);
  };
  /**
   * Waits until every one of `pids` is gone. Orphaned, a server's own process is reaped by init a
   * moment after it ends; until then it counts as alive, and holds the embedded database's lock
   * (lib/db/embedded-lock.ts).
   */
  const gone = async (pids: number[], withinMs: number) => {
    const deadline = Date.now() + withinMs;
    while (pids.some((pid) => existsSync(`/proc/${pid}`))) {
      if (Date.now() > deadline) throw new Error(`processes ${pids.join(", ")} did not end within ${withinMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  // npm ends before the server it started has stopped (README "Stopping"): the whole tree is waited for.
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const pids = processTree(child.pid!);
    child.kill("SIGTERM");
    await gone(pids, 30_000);
  };
  const crash = async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const pids = processTree(child.pid!).reverse();
    for (const pid of pids) process.kill(pid, "SIGKILL");
    await exited;
    await gone(pids, 10_000);
  };
  const admin = adminCli(root, env);
  // Another checkout's server (the benchmarks' "before") gets its fixtures from its own admin CLI.
  const fixtures = root === ownRoot ? fixtureAdmin(env) : { run: admin, stop: async () => {} };
  const stop = async () => {
    await Promise.all([kill(), fixtures.stop()]);
    await database.drop();
  };
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      await launch();
      break;
    } catch (error) {
      await kill();
      output = "";
      if (error instanceof PortTakenError && attempt < 3) continue;
      await stop();
      throw error;
    }
  }
  const url = `http://${host}:${port}`;

  return {
    url,
    backend,
    env,
    pid: () => child.pid!,
    logs: async () => output,
    admin,
    fixture: fixtures.run,
    ...accountFixtures(fixtures.run),
    request: requester(url),
    async restart() {
      await kill();
      await launch();
    },
    crash,
    stop,
  };
}

/**
 * A server of the test file's own, for what no shared server can be used for (a restart, a
 * stopped database, a configuration that fails): tests/support/shared-server.ts has the others.
 * In the API project its database starts from the global setup's migrated template.
 */
export async function startServer(options: LaunchOptions = {}): Promise<PrivateServer> {
  const backend = options.backend ?? testBackend();
  const databaseTemplate =
    options.databaseTemplate ?? (hasControl() ? (await askControl<{ template: string }>("/database-template", { backend })).template : undefined);
  return launchServer({ ...options, backend, databaseTemplate });
}
