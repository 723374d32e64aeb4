// The post-commit hook of lib/repositories/post-commit-hook.ts in real git repositories, against the
// shared server (README.md, "The git hook").
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postCommitHookScript } from "@/lib/repositories/post-commit-hook";
import type { TestServer } from "../support/server";
import { sharedServer, uniqueClientAddress } from "../support/shared-server";
import { signInWithPassword } from "../support/web-session";
import { newAccount, newKey } from "../support/accounts";

const run = promisify(execFile);

let server: TestServer;
let account: { email: string; password: string };
let key: string;
let readOnlyKey: string;
let otherKey: string;
const directories: string[] = [];

beforeAll(async () => {
  server = await sharedServer();
  ({ key, ...account } = await newAccount(server, { scopes: ["repo:*"] }));
  readOnlyKey = await server.createKey(account.email, ["repo:read"]);
  otherKey = await newKey(server, { scopes: ["repo:*"] });
});

afterAll(async () => {
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
});

type Commit = { sha: string; message: string; committed_at: string; author_name: string | null; author_email: string | null };

let repositories = 0;
async function createRepository(): Promise<string> {
  const response = await server.request("/api/v1/repositories", { key, method: "POST", body: { name: `hooked-${++repositories}` } });
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

async function listCommits(repositoryId: string): Promise<Commit[]> {
  const response = await server.request(`/api/v1/repositories/${repositoryId}/commits?limit=100`, { key });
  expect(response.status).toBe(200);
  return (await response.json()).commits;
}

/** Polls, within a bound, for what the backgrounded hook brings about. */
async function eventually<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function commitsArrived(repositoryId: string, shas: string[]): Promise<Commit[]> {
  return eventually(`commits ${shas.join(", ")}`, async () => {
    const commits = await listCommits(repositoryId);
    return shas.every((sha) => commits.some((commit) => commit.sha === sha)) ? commits : undefined;
  });
}

/** The environment of git: no global or system configuration, no key but the one a test gives. */
function gitEnvironment(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("GIT_") || name === "WORKLOG_API_KEY") delete env[name];
  return { ...env, HOME: home, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", ...extra };
}

const author = { name: `Zoë "Z" O'Brien \\ Jr`, email: "zoe@example.com" };

/** A new git repository in a temporary directory, the hook of `repositoryId` installed. */
async function clone(repositoryId: string, origin = server.url) {
  const directory = await mkdtemp(path.join(tmpdir(), "worklog-hook-"));
  directories.push(directory);
  const work = path.join(directory, "work");
  const git = async (args: string[], { cwd = work, env = {} }: { cwd?: string; env?: Record<string, string> } = {}) =>
    (
      await run("git", ["-c", `user.name=${author.name}`, "-c", `user.email=${author.email}`, ...args], { cwd, env: gitEnvironment(directory, env) })
    ).stdout.trim();
  await git(["init", "--quiet", work], { cwd: directory });
  const hook = path.join(work, ".git", "hooks", "post-commit");
  await writeFile(hook, postCommitHookScript({ repositoryId, origin }));
  await chmod(hook, 0o755);
  return {
    work,
    hook,
    git,
    /** Commits `message` as it is (no cleanup of it); the new sha. */
    async commit(message: string, options: { cwd?: string; env?: Record<string, string>; amend?: boolean } = {}) {
      await git(["commit", "--quiet", "--allow-empty", "--cleanup=verbatim", ...(options.amend ? ["--amend"] : []), "-m", message], options);
      return git(["rev-parse", "HEAD"], options);
    },
    committedAt: async (sha: string) => new Date(await git(["log", "-1", "--format=%cI", sha])).toISOString(),
    log: path.join(work, ".git", "worklog-hook.log"),
  };
}

describe("the post-commit hook", () => {
  it("records each commit, its message and author escaped as JSON, with the key from git config", async () => {
    const repositoryId = await createRepository();
    const repository = await clone(repositoryId);
    await repository.git(["config", "worklog.apiKey", key]);
    const messages = [
      `Fix "quoted" paths like C:\\Users\\dev and a literal \\n and \\u0041`,
      "Subject line\n\nA body paragraph.\n\tIndented with a tab\n\nAnd a last line",
      "Emoji 🎉, café, 日本語, a bell \u0007 and an escape \u001b[0m",
    ];
    const shas = [];
    for (const message of messages) shas.push(await repository.commit(message));

    const commits = await commitsArrived(repositoryId, shas);
    expect(commits).toHaveLength(messages.length);
    for (const [index, sha] of shas.entries()) {
      expect(commits.find((commit) => commit.sha === sha)).toMatchObject({
        message: messages[index],
        committed_at: await repository.committedAt(sha),
        author_name: author.name,
        author_email: author.email,
      });
    }
    expect(existsSync(repository.log)).toBe(false);
    expect(await readFile(repository.hook, "utf8")).not.toContain(key);
  });

  it("records the new sha of an amended commit and the commits of a worktree, with the key from WORKLOG_API_KEY and the server from git config", async () => {
    const repositoryId = await createRepository();
    // The server's address in the script is wrong: worklog.url replaces it.
    const repository = await clone(repositoryId, "http://127.0.0.1:9");
    await repository.git(["config", "worklog.url", `${server.url}/`]);
    const env = { WORKLOG_API_KEY: key };

    const first = await repository.commit("First take", { env });
    const amended = await repository.commit("First take, amended", { env, amend: true });
    const worktree = path.join(path.dirname(repository.work), "worktree");
    await repository.git(["worktree", "add", "--quiet", worktree], { env });
    const inWorktree = await repository.commit("Made in a worktree", { cwd: worktree, env });

    const commits = await commitsArrived(repositoryId, [first, amended, inWorktree]);
    expect(amended).not.toBe(first);
    expect(commits.map(({ sha, message }) => ({ sha, message }))).toEqual(
      expect.arrayContaining([
        { sha: first, message: "First take" },
        { sha: amended, message: "First take, amended" },
        { sha: inWorktree, message: "Made in a worktree" },
      ]),
    );
    expect(commits).toHaveLength(3);
    expect(existsSync(repository.log)).toBe(false);
  });

  it("does nothing without a key: the commit is made, nothing is sent and nothing logged", async () => {
    const repositoryId = await createRepository();
    const repository = await clone(repositoryId);
    const unrecorded = await repository.commit("Made without a key");

    await repository.git(["config", "worklog.apiKey", key]);
    const recorded = await repository.commit("Made with a key");
    const commits = await commitsArrived(repositoryId, [recorded]);
    expect(commits.map((commit) => commit.sha)).toEqual([recorded]);
    expect(unrecorded).not.toBe(recorded);
    expect(existsSync(repository.log)).toBe(false);
  });

  it("logs a refusal in the git directory: a key without repo:write, another account's repository", async () => {
    const repositoryId = await createRepository();
    const repository = await clone(repositoryId);
    const refusal = async (apiKey: string, status: number) => {
      await repository.git(["config", "worklog.apiKey", apiKey]);
      const sha = await repository.commit(`Refused with ${status}`);
      return eventually(`the logged ${status}`, async () => {
        const log = existsSync(repository.log) ? await readFile(repository.log, "utf8") : "";
        return log.split("\n").find((line) => line.includes(sha));
      });
    };

    expect(await refusal(readOnlyKey, 403)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z [0-9a-f]{40} HTTP 403: \{"error":.*repo:write/);
    expect(await refusal(otherKey, 404)).toMatch(/^\S+Z [0-9a-f]{40} HTTP 404: \{"error":/);
    expect(await listCommits(repositoryId)).toEqual([]);
    const log = await readFile(repository.log, "utf8");
    expect(log).not.toContain(readOnlyKey);
    expect(log).not.toContain(otherKey);
  });

  it("is offered on the repository's page, for this server", async () => {
    const repositoryId = await createRepository();
    const { session } = await signInWithPassword(server.url, account.email, account.password, uniqueClientAddress());
    const response = await fetch(`${server.url}/repositories/${repositoryId}`, { headers: { cookie: session! } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Record commits from this machine");
    const unescaped = html.replace(/&(quot|#x27|lt|gt|amp);/g, (_, entity: string) => ({ quot: '"', "#x27": "'", lt: "<", gt: ">", amp: "&" })[entity]!);
    expect(unescaped).toContain(postCommitHookScript({ repositoryId, origin: server.url }));
  });
});
