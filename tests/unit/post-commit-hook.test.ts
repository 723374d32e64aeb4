// The post-commit hook's script (lib/repositories/post-commit-hook.ts) under each POSIX shell and awk
// this machine has, with a stand-in for curl that keeps what it was given: /bin/sh is dash on
// Debian and Ubuntu, whose awk is mawk; macOS has bash as sh and the one true awk.
// tests/api/post-commit-hook.test.ts runs it against a real server.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { postCommitHookScript } from "@/lib/repositories/post-commit-hook";

const repositoryId = "0198c1a2-3b4c-7d5e-8f60-718293a4b5c6";
const origin = "https://worklog.example.com";
const key = `wl_${"K".repeat(40)}`;

const available = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;

/** Each shell and awk to try, as a command line; those missing here are left out. */
const shells = [["sh"], ["dash"], ["bash", "--posix"]].filter(([command]) => available(command!));
const awks = [["mawk"], ["gawk", "--posix"], ["original-awk"], ["busybox", "awk"]].filter(([command]) => available(command!));

const root = mkdtempSync(path.join(tmpdir(), "worklog-hook-unit-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const script = postCommitHookScript({ repositoryId, origin });

/** A directory of commands standing in: `awk` as given, and a `curl` that records its arguments, its standard input (the config) and the body, and answers 201. */
function standIns(name: string, awk: string[]): string {
  const bin = path.join(root, `bin-${name}`);
  mkdirSync(bin);
  const write = (file: string, text: string) => {
    writeFileSync(path.join(bin, file), text);
    chmodSync(path.join(bin, file), 0o755);
  };
  write("awk", `#!/bin/sh\nexec ${awk.join(" ")} "$@"\n`);
  write(
    "curl",
    [
      "#!/bin/sh",
      `out=${path.join(root, `out-${name}`)}`,
      'mkdir -p "$out"',
      'printf "%s\\n" "$@" >"$out/arguments"',
      'cat >"$out/config"',
      'for argument; do case $argument in @*) cp "${argument#@}" "$out/body" ;; esac; done',
      'touch "$out/done"',
      "printf '{}\\n201'",
    ].join("\n"),
  );
  return bin;
}

const gitEnvironment = (home: string, bin: string): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("GIT_") || name === "WORKLOG_API_KEY") delete env[name];
  return { ...env, HOME: home, PATH: `${bin}:${env.PATH}`, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };
};

async function eventually(file: string) {
  const deadline = Date.now() + 20_000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`${file} never came`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the post-commit hook's script", () => {
  it("parses in every shell, and names the repository and the server", () => {
    for (const [command, ...flags] of shells) expect(spawnSync(command!, [...flags, "-n", "-c", script]).status).toBe(0);
    expect(script.startsWith("#!/bin/sh\n")).toBe(true);
    expect(script).toContain(`repository='${repositoryId}'\nurl='${origin}'\n`);
  });

  it("quotes the server's address for the shell", () => {
    const address = "http://it's.example.com/$(touch pwned)`x`";
    const assignments = postCommitHookScript({ repositoryId, origin: address })
      .split("\n")
      .filter((line) => /^(repository|url)=/.test(line));
    const printed = execFileSync("sh", ["-c", `${assignments.join("\n")}\nprintf '%s' "$url"`], { cwd: root, encoding: "utf8" });
    expect(printed).toBe(address);
    expect(existsSync(path.join(root, "pwned"))).toBe(false);
  });

  const message = 'Quotes " and \\ backslashes, a literal \\n\n\n\tA tab, é, 日本語, 🎉\nControl \u0001 \u001f \u007f end';
  const authorName = `Zoë "Z" O'Brien \\ Jr`;
  const combinations = shells.flatMap((shell) => awks.map((awk) => ({ shell, awk, name: `${shell[0]}-${awk[0]}` })));

  it.each(combinations)("sends the commit as JSON with $shell.0 and $awk.0, the key in curl's config only", async ({ shell, awk, name }) => {
    const home = path.join(root, name);
    const bin = standIns(name, awk);
    const env = gitEnvironment(home, bin);
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", `user.name=${authorName}`, "-c", "user.email=zoe@example.com", ...args], { cwd: home, env, encoding: "utf8" }).trim();
    mkdirSync(home);
    git("init", "--quiet");
    git("commit", "--quiet", "--allow-empty", "--cleanup=verbatim", "-m", message);
    writeFileSync(path.join(home, "hook"), script);
    const hook = spawnSync(shell[0]!, [...shell.slice(1), "hook"], { cwd: home, env: { ...env, WORKLOG_API_KEY: key }, encoding: "utf8" });
    expect(hook).toMatchObject({ status: 0, stdout: "", stderr: "" });

    const out = path.join(root, `out-${name}`);
    await eventually(path.join(out, "done"));
    expect(JSON.parse(readFileSync(path.join(out, "body"), "utf8"))).toEqual({
      commits: [
        {
          sha: git("rev-parse", "HEAD"),
          committed_at: git("log", "-1", "--format=%cI"),
          author_name: authorName,
          author_email: "zoe@example.com",
          message,
        },
      ],
    });
    expect(readFileSync(path.join(out, "config"), "utf8")).toBe(`header = "Authorization: Bearer ${key}"\n`);
    const argumentsGiven = readFileSync(path.join(out, "arguments"), "utf8").split("\n");
    expect(argumentsGiven).toContain(`${origin}/api/v1/repositories/${repositoryId}/commits`);
    expect(argumentsGiven.join(" ")).not.toContain(key);
    expect(argumentsGiven).toEqual(expect.arrayContaining(["--max-time", "5", "Content-Type: application/json"]));
  });
});
