import { execFile } from "node:child_process";
import { chown, mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./server";

const run = promisify(execFile);
const postgresRoot = "/usr/lib/postgresql";

/**
 * A PostgreSQL cluster of its own, for tests that stop and start the database: the machine's
 * shared one serves every other test. It runs as the `postgres` system user, so the tests must
 * run as root (or as postgres).
 */
export type PrivatePostgres = {
  /** `postgresql://postgres@127.0.0.1:<port>/postgres`, trust authentication. */
  url: string;
  start: () => Promise<void>;
  /** `fast` ends sessions cleanly; `immediate` kills them mid-query, like a crash. */
  stop: (mode: "fast" | "immediate") => Promise<void>;
  /**
   * Suspends every process of the cluster (SIGSTOP): connections are still accepted by the kernel
   * and queries sent, but nothing answers, as with a hung server or a network partition.
   */
  freeze: () => Promise<void>;
  /** Resumes a frozen cluster (SIGCONT). */
  thaw: () => Promise<void>;
  /** Stops the cluster and removes its files. */
  destroy: () => Promise<void>;
};

/** The newest installed PostgreSQL's bin directory, or undefined when none is installed. */
async function postgresBinaries(): Promise<string | undefined> {
  const versions = await readdir(postgresRoot).catch(() => []);
  const newest = versions
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(a) - Number(b))
    .at(-1);
  return newest && path.join(postgresRoot, newest, "bin");
}

async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
    return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  } catch {
    return undefined;
  }
}

/** Whether this machine can run a private cluster: PostgreSQL installed, and we may become postgres. */
export async function canRunPrivatePostgres(): Promise<boolean> {
  return (await postgresBinaries()) !== undefined && (await postgresUser()) !== undefined && process.getuid?.() === 0;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = await postgresBinaries();
  const owner = await postgresUser();
  if (!bin || !owner) throw new Error("PostgreSQL binaries or the postgres user are missing");
  const dir = await mkdtemp(path.join(os.tmpdir(), "worklog-private-postgres-"));
  await chown(dir, owner.uid, owner.gid);
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const asPostgres = (tool: string, args: string[]) => run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) => asPostgres("pg_ctl", ["-D", dataDir, "-l", path.join(dir, "log"), ...args]);

  /** The postmaster and its children, read when asked: backends come and go. */
  const processes = async () => {
    const postmaster = (await readFile(path.join(dataDir, "postmaster.pid"), "utf8")).split("\n")[0]!.trim();
    const children = await run("pgrep", ["-P", postmaster]).then(
      ({ stdout }) => stdout.split("\n").filter(Boolean),
      () => [],
    );
    return [postmaster, ...children].map(Number);
  };
  const signalAll = async (signal: NodeJS.Signals) => {
    for (const pid of await processes()) process.kill(pid, signal);
  };

  await asPostgres("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres"]);
  const cluster: PrivatePostgres = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start: async () => void (await pgCtl("-o", options, "-w", "start")),
    stop: async (mode) => void (await pgCtl("-m", mode, "-w", "stop")),
    freeze: () => signalAll("SIGSTOP"),
    thaw: () => signalAll("SIGCONT"),
    destroy: async () => {
      await cluster.thaw().catch(() => undefined);
      await cluster.stop("immediate").catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return cluster;
}
