// Incoming hooks (docs/api.md, "Incoming hooks"): the API that makes them, and the endpoint
// GitHub and GitLab deliver to, with the payloads of their documentation (tests/fixtures/forges).
import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { json } from "../support/responses";
import { newKey, newAccount } from "../support/accounts";

const onPostgres = process.env.WORKLOG_TEST_DATABASE === "postgres";

type Hook = { id: string; url: string; provider: "github" | "gitlab"; name: string; hook_url: string; last_delivery_at: string | null; secret: string };
type Payload = Record<string, unknown>;

const fixture = (name: string): Payload => JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../fixtures/forges", `${name}.json`), "utf8"));

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer();
});

const hookScopes = ["repo:*"];

async function createForgeHook(key: string, provider: "github" | "gitlab" = "github", name = "Codertocat"): Promise<Hook> {
  return json(await server.request("/api/v1/incoming_hooks", { method: "POST", key, body: { provider, name } }), 201);
}

type DeliveryOptions = { deliveryId?: string | null; secret?: string | null; body?: string; invalid?: boolean };

/** A delivery as the hook's forge sends it: signed (GitHub) or with its token (GitLab), with its event and id. */
function deliver(hook: Pick<Hook, "id" | "provider" | "secret">, event: string, payload: Payload, options: DeliveryOptions = {}) {
  const body = options.body ?? JSON.stringify(payload);
  const secret = options.secret === undefined ? hook.secret : options.secret;
  const deliveryId = options.deliveryId === undefined ? randomUUID() : options.deliveryId;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (hook.provider === "github") {
    headers["x-github-event"] = event;
    if (deliveryId !== null) headers["x-github-delivery"] = deliveryId;
    if (secret !== null) headers["x-hub-signature-256"] = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  } else {
    headers["x-gitlab-event"] = event;
    if (deliveryId !== null) headers["x-gitlab-event-uuid"] = deliveryId;
    if (secret !== null) headers["x-gitlab-token"] = secret;
  }
  return server.request(`/api/hooks/${hook.id}`, { method: "POST", body, headers, invalid: options.invalid });
}

async function repositories(key: string) {
  return (await json(await server.request("/api/v1/repositories?limit=100", { key }), 200)).repositories as {
    id: string;
    name: string;
    remote_url: string | null;
    default_branch: string | null;
  }[];
}

async function commits(key: string, repositoryId: string) {
  return json(await server.request(`/api/v1/repositories/${repositoryId}/commits?limit=100`, { key }), 200);
}

async function deliveries(key: string, hook: Hook) {
  return (await json(await server.request(`/api/v1/incoming_hooks/${hook.id}`, { key }), 200)).deliveries as {
    delivery_id: string;
    event: string;
    status: number;
    commits_recorded: number;
    error: string | null;
  }[];
}

/** A push of `count` new commits to the fixture's repository. */
function pushOf(count: number, seed: string = randomUUID()): Payload {
  const push = fixture("github-push");
  push.commits = Array.from({ length: count }, (_, index) => {
    const sha = createHmac("sha1", seed).update(String(index)).digest("hex");
    return {
      id: sha,
      message: `Commit ${index} of the push`,
      timestamp: new Date(Date.UTC(2026, 10, 20, 9) + index * 60_000).toISOString(),
      url: `https://github.com/Codertocat/Hello-World/commit/${sha}`,
      author: { name: "Codertocat", email: "21031067+Codertocat@users.noreply.github.com", username: "Codertocat" },
    };
  });
  return push;
}

async function readDatabase<T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe("the forge hooks API (/api/v1/incoming_hooks)", () => {
  it("creates a hook whose secret it shows once, lists, reads and deletes it", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const created = await createForgeHook(key, "gitlab", "  Our group  ");
    expect(created).toMatchObject({ provider: "gitlab", name: "Our group", url: `/api/v1/incoming_hooks/${created.id}`, last_delivery_at: null });
    expect(created.hook_url).toBe(`${server.url}/api/hooks/${created.id}`);
    expect(created.secret).toMatch(/^wlh_[0-9A-Za-z]{40}$/);

    const shown = Object.fromEntries(Object.entries(created).filter(([field]) => field !== "secret"));
    const listed = await json(await server.request("/api/v1/incoming_hooks", { key }), 200);
    expect(listed.incoming_hooks).toEqual([shown]);
    const read = await json(await server.request(created.url, { key }), 200);
    expect(read).not.toHaveProperty("secret");
    expect(read.deliveries).toEqual([]);

    const deleted = await json(await server.request(created.url, { method: "DELETE", key }), 200);
    expect(deleted.id).toBe(created.id);
    expect(deleted).not.toHaveProperty("secret");
    await json(await server.request(created.url, { key }), 404);
    await json(await server.request(created.url, { method: "DELETE", key }), 404);
    expect((await json(await server.request("/api/v1/incoming_hooks", { key }), 200)).incoming_hooks).toEqual([]);
  });

  it("answers a revalidated list with 304 until a hook or a delivery changes it", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const first = await server.request("/api/v1/incoming_hooks", { key });
    const etag = first.headers.get("etag")!;
    expect((await server.request("/api/v1/incoming_hooks", { key, headers: { "if-none-match": etag } })).status).toBe(304);
    const hook = await createForgeHook(key);
    const afterCreate = await server.request("/api/v1/incoming_hooks", { key, headers: { "if-none-match": etag } });
    expect(afterCreate.status).toBe(200);
    const again = afterCreate.headers.get("etag")!;
    await json(await deliver(hook, "ping", fixture("github-ping")), 200);
    const afterDelivery = await json(await server.request("/api/v1/incoming_hooks", { key, headers: { "if-none-match": again } }), 200);
    expect(afterDelivery.incoming_hooks[0].last_delivery_at).not.toBeNull();
  });

  it("refuses invalid bodies with the contract's 400 and 422", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const invalid = await json(
      await server.request("/api/v1/incoming_hooks", { method: "POST", key, body: { provider: "bitbucket", name: "" }, invalid: true }),
      422,
    );
    expect(invalid.errors).toEqual([
      { title: "Invalid value", detail: "Invalid enum value", source: { pointer: "/provider" } },
      { title: "Invalid value", detail: "String length is smaller than minLength", source: { pointer: "/name" } },
    ]);
    const missing = await json(await server.request("/api/v1/incoming_hooks", { method: "POST", key, body: {}, invalid: true }), 422);
    expect(missing.errors.map((error: { detail: string }) => error.detail)).toEqual(["Missing field: provider", "Missing field: name"]);
    const notJson = await json(await server.request("/api/v1/incoming_hooks", { method: "POST", key, body: "{not json", invalid: true }), 400);
    expect(notJson.error).toEqual({ message: "Request body is not valid JSON", type: "invalid_request_error" });
  });

  it("needs repo:read to read hooks and repo:write to create or delete them", async () => {
    const { email, key } = await newAccount(server, { scopes: hookScopes });
    const hook = await createForgeHook(key);
    const reader = await server.createKey(email, ["repo:read"]);
    const other = await server.createKey(email, ["worklog:*"]);
    await json(await server.request("/api/v1/incoming_hooks", { key: reader }), 200);
    await json(await server.request(hook.url, { key: reader }), 200);
    const refused = await json(await server.request("/api/v1/incoming_hooks", { method: "POST", key: reader, body: { provider: "github", name: "x" } }), 403);
    expect(refused.details.required_scope).toBe("repo:write");
    expect((await json(await server.request(hook.url, { method: "DELETE", key: reader }), 403)).details.required_scope).toBe("repo:write");
    expect((await json(await server.request("/api/v1/incoming_hooks", { key: other }), 403)).details.required_scope).toBe("repo:read");
    expect((await json(await server.request(hook.url, { key: other }), 403)).details.required_scope).toBe("repo:read");
  });

  it("answers another account's hook, and an id that is no UUID, like a missing one", async () => {
    const owner = await newAccount(server, { scopes: hookScopes });
    const hook = await createForgeHook(owner.key);
    const stranger = await newAccount(server, { scopes: hookScopes });
    for (const method of ["GET", "DELETE"]) {
      expect((await json(await server.request(hook.url, { method, key: stranger.key }), 404)).error.type).toBe("not_found_error");
      await json(await server.request(`/api/v1/incoming_hooks/${randomUUID()}`, { method, key: stranger.key }), 404);
      await json(await server.request("/api/v1/incoming_hooks/not-a-uuid", { method, key: stranger.key, invalid: true }), 404);
    }
    expect((await json(await server.request("/api/v1/incoming_hooks", { key: stranger.key }), 200)).incoming_hooks).toEqual([]);
    await json(await server.request(hook.url, { key: owner.key }), 200);
  });
});

describe("forge deliveries", () => {
  it("refuses a delivery without the hook's signature or token, writing nothing", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const github = await createForgeHook(key, "github");
    const gitlab = await createForgeHook(key, "gitlab");
    const push = fixture("github-push");
    const refusals = [
      await deliver(github, "push", push, { secret: null }),
      await deliver(github, "push", push, { secret: "not the secret" }),
      await deliver(github, "push", push, { secret: gitlab.secret }),
      await deliver(gitlab, "Push Hook", fixture("gitlab-push"), { secret: null }),
      await deliver(gitlab, "Push Hook", fixture("gitlab-push"), { secret: `${gitlab.secret}x` }),
      await deliver(gitlab, "Push Hook", fixture("gitlab-push"), { secret: github.secret }),
    ];
    for (const response of refusals) expect((await json(response, 401)).error.type).toBe("authentication_error");
    // A body changed after it was signed.
    const signed = JSON.stringify(push);
    const tampered = await server.request(`/api/hooks/${github.id}`, {
      method: "POST",
      body: signed.replace("Update README.md", "Update README.txt"),
      headers: {
        "content-type": "application/json",
        "x-github-event": "push",
        "x-hub-signature-256": `sha256=${createHmac("sha256", github.secret).update(signed).digest("hex")}`,
      },
    });
    expect((await json(tampered, 401)).error.message).toBe("Invalid or missing X-Hub-Signature-256 signature");
    expect(await deliveries(key, github)).toEqual([]);
    expect(await deliveries(key, gitlab)).toEqual([]);
    expect((await json(await server.request(github.url, { key }), 200)).last_delivery_at).toBeNull();
    expect(await repositories(key)).toEqual([]);
  });

  it("answers 404 for an unknown, deleted or malformed hook id", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const hook = await createForgeHook(key);
    await json(await server.request(hook.url, { method: "DELETE", key }), 200);
    await json(await deliver(hook, "ping", fixture("github-ping")), 404);
    await json(await deliver({ ...hook, id: randomUUID() }, "ping", fixture("github-ping")), 404);
    await json(await deliver({ ...hook, id: "not-a-uuid" }, "ping", fixture("github-ping"), { invalid: true }), 404);
  });

  it("answers GitHub's ping and any event it does not record, and logs them", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const hook = await createForgeHook(key);
    const ping = await json(await deliver(hook, "ping", fixture("github-ping"), { deliveryId: "ping-1" }), 200);
    expect(ping).toEqual({ ok: true, event: "ping", delivery_id: "ping-1", result: "ignored", commits_recorded: 0, repository_id: null });
    expect((await json(await deliver(hook, "star", { action: "created" }), 200)).result).toBe("ignored");
    expect((await deliveries(key, hook)).map(({ event, status, commits_recorded }) => [event, status, commits_recorded])).toEqual([
      ["star", 200, 0],
      ["ping", 200, 0],
    ]);
    expect(await repositories(key)).toEqual([]);
    expect((await json(await server.request(hook.url, { key }), 200)).last_delivery_at).not.toBeNull();
  });

  it("records a GitHub push's commits once, in a repository it creates from the payload", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const hook = await createForgeHook(key);
    const first = await json(await deliver(hook, "push", fixture("github-push"), { deliveryId: "push-1" }), 200);
    expect(first).toMatchObject({ result: "recorded", commits_recorded: 2, delivery_id: "push-1" });
    const [repository, ...others] = await repositories(key);
    expect(others).toEqual([]);
    expect(repository).toMatchObject({
      id: first.repository_id,
      name: "Codertocat/Hello-World",
      remote_url: "https://github.com/Codertocat/Hello-World.git",
      default_branch: "main",
    });
    const page = await commits(key, repository!.id);
    expect(page.commits).toMatchObject([
      {
        sha: "b5a2c96250612366ea272ffac6d9744aaf4b45aa",
        message: "Add the pricing page\n\nWith the plans of the new year.",
        committed_at: "2019-05-15T15:21:02.000Z",
        author_name: "Codertocat",
        author_email: "21031067+Codertocat@users.noreply.github.com",
        web_url: "https://github.com/Codertocat/Hello-World/commit/b5a2c96250612366ea272ffac6d9744aaf4b45aa",
      },
      { sha: "0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c", message: "Update README.md", committed_at: "2019-05-15T15:20:30.000Z" },
    ]);

    // The same delivery again (GitHub's "Redeliver"), then the same commits in another delivery.
    const replayed = await json(await deliver(hook, "push", fixture("github-push"), { deliveryId: "push-1" }), 200);
    expect(replayed).toMatchObject({ result: "duplicate", commits_recorded: 0, repository_id: null });
    const again = await json(await deliver(hook, "push", fixture("github-push"), { deliveryId: "push-2" }), 200);
    expect(again).toMatchObject({ result: "recorded", commits_recorded: 0, repository_id: repository!.id });
    expect((await commits(key, repository!.id)).meta.total_count).toBe(2);
    expect(await repositories(key)).toHaveLength(1);
    expect((await deliveries(key, hook)).map(({ delivery_id, commits_recorded }) => [delivery_id, commits_recorded])).toEqual([
      ["push-2", 0],
      ["push-1", 2],
    ]);
  });

  it("takes the body's hash as the delivery's id when the forge sends none", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const hook = await createForgeHook(key);
    const first = await json(await deliver(hook, "push", fixture("github-push"), { deliveryId: null }), 200);
    expect(first.delivery_id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((await json(await deliver(hook, "push", fixture("github-push"), { deliveryId: null }), 200)).result).toBe("duplicate");
  });

  it.each([
    ["an scp-like remote", "git@github.com:Codertocat/Hello-World.git"],
    ["an ssh:// remote in another case", "ssh://git@github.com:22/codertocat/hello-world"],
    ["an https remote without .git", "https://GitHub.com/Codertocat/Hello-World/"],
  ])("records into the account's repository with %s", async (_label, remote) => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const mine = await json(await server.request("/api/v1/repositories", { method: "POST", key, body: { name: "hello", remote_url: remote } }), 201);
    await json(
      await server.request("/api/v1/repositories", { method: "POST", key, body: { name: "other", remote_url: "git@github.com:Codertocat/Hello-World-2.git" } }),
      201,
    );
    const hook = await createForgeHook(key);
    expect((await json(await deliver(hook, "push", fixture("github-push")), 200)).repository_id).toBe(mine.id);
    expect((await commits(key, mine.id)).meta.total_count).toBe(2);
    expect(await repositories(key)).toHaveLength(2);
  });

  it("gives a new repository another name when its path is another repository's name", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    await json(
      await server.request("/api/v1/repositories", {
        method: "POST",
        key,
        body: { name: "Codertocat/Hello-World", remote_url: "https://gitlab.com/codertocat/hello-world.git" },
      }),
      201,
    );
    const hook = await createForgeHook(key);
    const { repository_id } = await json(await deliver(hook, "push", fixture("github-push")), 200);
    const created = (await repositories(key)).find((repository) => repository.id === repository_id);
    expect(created).toMatchObject({ name: "Codertocat/Hello-World (github.com)", remote_url: "https://github.com/Codertocat/Hello-World.git" });
    // And finds it again by its remote.
    expect((await json(await deliver(hook, "push", pushOf(1)), 200)).repository_id).toBe(repository_id);
  });

  it("creates one repository for deliveries that arrive at once, and records a delivery sent twice at once once", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const hook = await createForgeHook(key);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) => deliver(hook, "push", pushOf(3, `at-once-${index}`)).then((response) => json(response, 200))),
    );
    expect(new Set(results.map((result) => result.repository_id)).size).toBe(1);
    expect(await repositories(key)).toHaveLength(1);
    const same = await Promise.all(
      [0, 1].map(() => deliver(hook, "push", pushOf(4, "twice"), { deliveryId: "twice" }).then((response) => json(response, 200))),
    );
    expect(same.map((result) => result.result).sort()).toEqual(["duplicate", "recorded"]);
    expect((await commits(key, results[0].repository_id)).meta.total_count).toBe(19);
  });

  it("records a GitLab push, with its token and event UUID", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const hook = await createForgeHook(key, "gitlab");
    const first = await json(await deliver(hook, "Push Hook", fixture("gitlab-push"), { deliveryId: "gitlab-1" }), 200);
    expect(first).toMatchObject({ event: "Push Hook", result: "recorded", commits_recorded: 2 });
    expect(await repositories(key)).toMatchObject([{ name: "mike/diaspora", remote_url: "http://example.com/mike/diaspora.git", default_branch: "master" }]);
    const page = await commits(key, first.repository_id);
    expect(page.commits.map((commit: { sha: string; web_url: string }) => [commit.sha, commit.web_url])).toEqual([
      ["da1560886d4f094c3e6c9ef40349f7d38b5d27d7", "http://example.com/mike/diaspora/commit/da1560886d4f094c3e6c9ef40349f7d38b5d27d7"],
      ["b6568db1bc1dcd7f8b4d5a946b0b91f9dacd7327", "http://example.com/mike/diaspora/commit/b6568db1bc1dcd7f8b4d5a946b0b91f9dacd7327"],
    ]);
    expect((await json(await deliver(hook, "Push Hook", fixture("gitlab-push"), { deliveryId: "gitlab-1" }), 200)).result).toBe("duplicate");
  });

  it("records nothing for tags and deleted branches", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const github = await createForgeHook(key, "github");
    const gitlab = await createForgeHook(key, "gitlab");
    expect((await json(await deliver(github, "push", fixture("github-branch-delete")), 200)).result).toBe("ignored");
    expect((await json(await deliver(github, "push", { ...fixture("github-push"), ref: "refs/tags/v2.0.0" }), 200)).result).toBe("ignored");
    expect((await json(await deliver(gitlab, "Tag Push Hook", fixture("gitlab-tag-push")), 200)).result).toBe("ignored");
    expect((await json(await deliver(gitlab, "Push Hook", { ...fixture("gitlab-tag-push"), object_kind: "push" }), 200)).result).toBe("ignored");
    expect(await repositories(key)).toEqual([]);
  });

  it("suggests merged pull and merge requests", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const github = await createForgeHook(key, "github");
    const gitlab = await createForgeHook(key, "gitlab");
    const pulled = await json(await deliver(github, "pull_request", fixture("github-pull-request-merged")), 200);
    expect(pulled).toMatchObject({ event: "pull_request", result: "recorded", commits_recorded: 0 });
    const merged = await json(await deliver(gitlab, "Merge Request Hook", fixture("gitlab-merge-request")), 200);
    expect(merged).toMatchObject({ result: "recorded" });
    expect((await repositories(key)).map((repository) => repository.name).sort()).toEqual(["Codertocat/Hello-World", "gitlabhq/gitlab-test"]);
    const unmerged = fixture("github-pull-request-merged");
    (unmerged.pull_request as Payload).merged = false;
    expect((await json(await deliver(github, "pull_request", { ...unmerged, number: 3 }), 200)).result).toBe("ignored");
    if (!onPostgres) return;
    const rows = await readDatabase<{ repository_id: string; number: number; title: string; web_url: string; merged_at: Date; merge_sha: string | null }>(
      "SELECT repository_id, number, title, web_url, merged_at, merge_sha FROM pull_request_suggestions WHERE repository_id = ANY($1::uuid[]) ORDER BY number DESC",
      [[pulled.repository_id, merged.repository_id]],
    );
    expect(rows).toEqual([
      {
        repository_id: pulled.repository_id,
        number: 2,
        title: "Update the README with new information.",
        web_url: "https://github.com/Codertocat/Hello-World/pull/2",
        merged_at: new Date("2019-05-15T15:21:18Z"),
        merge_sha: "c4295bd74fb0f4fda03689c3df3f2803b658fd85",
      },
      {
        repository_id: merged.repository_id,
        number: 1,
        title: "MS-Viewport",
        web_url: "http://example.com/diaspora/merge_requests/1",
        merged_at: new Date("2013-12-04T09:41:07Z"),
        merge_sha: "7d7c1c4be9b2f5ab40b6e8c1bb6f3b1e72ad7a1c",
      },
    ]);
  });

  it("answers a signed delivery it cannot read with a 400, logged with its reason, and takes the same delivery again once it can", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const hook = await createForgeHook(key);
    const notJson = await json(await deliver(hook, "push", {}, { body: "{not json", deliveryId: "broken", invalid: true }), 400);
    expect(notJson.error).toEqual({ message: "Request body is not valid JSON", type: "invalid_request_error" });
    const push = fixture("github-push");
    const lacking = await json(await deliver(hook, "push", { ...push, repository: { name: "Hello-World" } }, { deliveryId: "lacking" }), 400);
    expect(lacking.error.message).toBe("The push payload has no repository.clone_url");
    const noEvent = await server.request(`/api/hooks/${hook.id}`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", "x-hub-signature-256": `sha256=${createHmac("sha256", hook.secret).update("{}").digest("hex")}` },
    });
    expect((await json(noEvent, 400)).error.message).toBe("The x-github-event header is missing: is this a GitHub webhook?");
    expect((await deliveries(key, hook)).map(({ delivery_id, event, status, error }) => [delivery_id, event, status, error])).toEqual([
      [expect.stringMatching(/^sha256:/), "(none)", 400, "The x-github-event header is missing: is this a GitHub webhook?"],
      ["lacking", "push", 400, "The push payload has no repository.clone_url"],
      ["broken", "push", 400, "Request body is not valid JSON"],
    ]);
    expect(await repositories(key)).toEqual([]);
    const fixed = await json(await deliver(hook, "push", push, { deliveryId: "lacking" }), 200);
    expect(fixed).toMatchObject({ result: "recorded", commits_recorded: 2 });
    expect((await deliveries(key, hook)).find((delivery) => delivery.delivery_id === "lacking")).toMatchObject({
      status: 200,
      commits_recorded: 2,
      error: null,
    });
  });

  it("refuses a body that is not JSON by its type, or over 25 MiB", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const hook = await createForgeHook(key);
    const form = await server.request(`/api/hooks/${hook.id}`, {
      method: "POST",
      body: "payload=%7B%7D",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-github-event": "ping" },
      invalid: true,
    });
    expect((await json(form, 415)).error.message).toBe("Content-Type must be application/json");
    const huge = JSON.stringify({ padding: "x".repeat(25 * 1024 * 1024) });
    expect((await json(await deliver(hook, "push", {}, { body: huge }), 413)).error.message).toBe("Request body too large");
    expect(await deliveries(key, hook)).toEqual([]);
  });

  it("keeps a hook's last 50 deliveries", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const hook = await createForgeHook(key);
    for (let index = 0; index < 52; index++) await json(await deliver(hook, "ping", fixture("github-ping"), { deliveryId: `ping-${index}` }), 200);
    const kept = await deliveries(key, hook);
    expect(kept).toHaveLength(50);
    expect(kept[0]!.delivery_id).toBe("ping-51");
    expect(kept.at(-1)!.delivery_id).toBe("ping-2");
  });

  it("records a push of 2 048 commits, GitHub's most, and refuses one of 2 049 whole, logged with its reason", { timeout: 60_000 }, async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const hook = await createForgeHook(key);
    const refused = await json(await deliver(hook, "push", pushOf(2049), { deliveryId: "too-many" }), 400);
    expect(refused.error).toEqual({ message: "The push payload has 2049 commits: a delivery may carry at most 2048", type: "invalid_request_error" });
    expect(await deliveries(key, hook)).toMatchObject([{ delivery_id: "too-many", status: 400, commits_recorded: 0, error: refused.error.message }]);
    expect(await repositories(key)).toEqual([]);

    const result = await json(await deliver(hook, "push", pushOf(2048)), 200);
    expect(result).toMatchObject({ result: "recorded", commits_recorded: 2048 });
    expect((await commits(key, result.repository_id)).meta.total_count).toBe(2048);
  });
});

describe("what a delivery stores, within the API's own limits", () => {
  const everyScope = ["user:*", "project:*", "repo:*", "worklog:*"];

  it("refuses a repository whose clone URL is longer than a remote_url may be, logged, and stores nothing", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const hook = await createForgeHook(key);
    const push = pushOf(1);
    const cloneUrl = `https://github.com/Codertocat/${"x".repeat(199_999)}.git`;
    expect(cloneUrl).toHaveLength(200_033);
    push.repository = { ...(push.repository as Payload), clone_url: cloneUrl };
    const refused = await json(await deliver(hook, "push", push, { deliveryId: "long-url" }), 400);
    const message = "The push payload has an invalid repository.clone_url: is longer than 2048 characters";
    expect(refused.error).toEqual({ message, type: "invalid_request_error" });
    const merged = fixture("github-pull-request-merged");
    merged.repository = { ...(merged.repository as Payload), clone_url: cloneUrl };
    expect((await json(await deliver(hook, "pull_request", merged, { deliveryId: "long-url-pull" }), 400)).error.message).toBe(
      message.replace("push", "pull_request"),
    );
    expect((await deliveries(key, hook)).map(({ delivery_id, status, error }) => [delivery_id, status, error])).toEqual([
      ["long-url-pull", 400, message.replace("push", "pull_request")],
      ["long-url", 400, message],
    ]);
    expect(await repositories(key)).toEqual([]);
  });

  it("names a new repository within a name's 100 characters when its path is taken and its host long", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    await json(await server.request("/api/v1/repositories", { method: "POST", key, body: { name: "Codertocat/Hello-World" } }), 201);
    const hook = await createForgeHook(key);
    const host = `${"h".repeat(60)}.${"i".repeat(60)}.example`;
    const push = pushOf(1);
    push.repository = {
      ...(push.repository as Payload),
      clone_url: `https://${host}/Codertocat/Hello-World.git`,
      html_url: null,
      ssh_url: null,
      git_url: null,
    };
    const { repository_id } = await json(await deliver(hook, "push", push), 200);
    const created = (await repositories(key)).find((repository) => repository.id === repository_id);
    expect(created!.name).toBe(`Codertocat/Hello-World (${"h".repeat(49)}…)`);
  });

  it("refuses a commit without a message, as the API does", async () => {
    const { key } = await newAccount(server, { scopes: hookScopes });
    const hook = await createForgeHook(key);
    const push = pushOf(2);
    (push.commits as Payload[])[1]!.message = " \n ";
    const refused = await json(await deliver(hook, "push", push), 400);
    expect(refused.error.message).toBe("The push payload has an invalid commits[1].message: is empty");
    expect(await repositories(key)).toEqual([]);
  });

  it("cuts longer text to the API's lengths, ending in an ellipsis, so that the account it fed exports and imports", { timeout: 60_000 }, async () => {
    const { key } = await newAccount(server, { scopes: everyScope });
    const hook = await createForgeHook(key);
    const owner = "o".repeat(70);
    const name = "n".repeat(70);
    const cloneUrl = `https://github.com/${owner}/${name}.git`;
    const push = pushOf(2);
    push.repository = { ...(push.repository as Payload), clone_url: cloneUrl, html_url: null, ssh_url: null, git_url: null, default_branch: "b".repeat(300) };
    const [blank, long] = push.commits as Payload[];
    Object.assign(long!, { message: `  ${"😀".repeat(25_000)}\n`, author: { name: "a".repeat(300), email: `${"e".repeat(300)}@example.com` } });
    Object.assign(blank!, { message: "Fix the build\n", author: { name: "   ", email: "" }, url: `https://github.com/${"c".repeat(3000)}` });
    const pushed = await json(await deliver(hook, "push", push), 200);
    expect(pushed).toMatchObject({ result: "recorded", commits_recorded: 2 });
    const elsewhere = pushOf(1);
    elsewhere.repository = {
      ...(elsewhere.repository as Payload),
      clone_url: "https://github.com/Codertocat/Blank-Branch.git",
      html_url: null,
      ssh_url: null,
      git_url: null,
      default_branch: "  ",
    };
    expect(await json(await deliver(hook, "push", elsewhere), 200)).toMatchObject({ result: "recorded", commits_recorded: 1 });

    const [blankBranch, repository] = await repositories(key);
    expect(blankBranch).toMatchObject({ name: "Codertocat/Blank-Branch", default_branch: null });
    expect(repository!.name).toBe(`${owner}/${"n".repeat(28)}…`);
    expect(repository!.remote_url).toBe(cloneUrl);
    expect(repository!.default_branch).toBe(`${"b".repeat(254)}…`);
    const stored = (await commits(key, repository!.id)).commits as {
      message: string;
      author_name: string | null;
      author_email: string | null;
      web_url: string | null;
    }[];
    expect(stored.map((commit) => [[...commit.message].length, commit.message.slice(-3), commit.author_name, commit.author_email, commit.web_url])).toEqual([
      [20_000, "😀…", `${"a".repeat(254)}…`, `${"e".repeat(254)}…`, expect.stringMatching(/^https:/)],
      [13, "ild", null, null, null],
    ]);

    const merged = fixture("github-pull-request-merged");
    merged.repository = { ...(merged.repository as Payload), clone_url: cloneUrl, html_url: null, ssh_url: null, git_url: null };
    merged.pull_request = { ...(merged.pull_request as Payload), title: `  ${"t".repeat(50_050)}`, merged_at: "2026-11-20T10:00:00Z" };
    expect(await json(await deliver(hook, "pull_request", merged), 200)).toMatchObject({ result: "recorded", repository_id: repository!.id });
    const { suggestions } = await json(await server.request("/api/v1/worklog/suggestions?from=2026-11-20&to=2026-11-20", { key }), 200);
    const title = `${"t".repeat(299)}…`;
    expect(suggestions.filter((suggestion: { kind: string }) => suggestion.kind === "pull_request")).toMatchObject([
      { title: `Merged pull request #2: ${title}`, pull_request: { number: 2, title } },
    ]);

    // The account's export is a valid import, into another account.
    const exported = await server.request("/api/v1/export?format=json", { key });
    expect(exported.status).toBe(200);
    const document = await exported.json();
    const other = await newAccount(server, { scopes: everyScope });
    const imported = await json(await server.request("/api/v1/import", { method: "POST", key: other.key, body: document }), 200);
    expect(imported.created).toMatchObject({ repositories: 2, commits: 3 });
    expect(await repositories(other.key)).toMatchObject([
      { name: "Codertocat/Blank-Branch", default_branch: null },
      { name: repository!.name, remote_url: cloneUrl, default_branch: repository!.default_branch },
    ]);
  });
});

describe("a hook's rate limit", () => {
  it("takes 120 deliveries a minute per hook, signed or not, then answers 429", async () => {
    // Windows of an hour: the deliveries never straddle the end of one.
    const limited = await sharedServer("hourlyRateLimits");
    const key = await newKey(limited, { scopes: ["repo:*"] });
    const hook = (await (await limited.request("/api/v1/incoming_hooks", { method: "POST", key, body: { provider: "gitlab", name: "busy" } })).json()) as Hook;
    const other = (await (
      await limited.request("/api/v1/incoming_hooks", { method: "POST", key, body: { provider: "gitlab", name: "quiet" } })
    ).json()) as Hook;
    const send = (target: Hook, token: string | null) =>
      limited.request(`/api/hooks/${target.id}`, {
        method: "POST",
        body: JSON.stringify(fixture("github-ping")),
        headers: { "content-type": "application/json", "x-gitlab-event": "System Hook", ...(token && { "x-gitlab-token": token }) },
      });
    for (let index = 0; index < 119; index++) expect((await send(hook, null)).status).toBe(401);
    expect((await send(hook, hook.secret)).status).toBe(200);
    const refused = await send(hook, hook.secret);
    const body = await json(refused, 429);
    expect(body.error).toMatch(/^Rate limit exceeded: 120 requests per 3600 seconds\. Retry after \d+ seconds\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await send(other, other.secret)).status).toBe(200);
  });
});
