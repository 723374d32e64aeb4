import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { accessOf } from "../support/access";
import { personalWorkspaceId } from "@/lib/access/memberships";
import { accountTotal } from "@/lib/db/account-counters";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { logRefusedForgeDelivery, recordForgeDelivery } from "@/lib/forge-hooks/deliveries";
import { createForgeHook } from "@/lib/forge-hooks/forge-hooks";
import { readForgeEvent } from "@/lib/forge-hooks/forge-events";
import { testBackend } from "../support/databases";
import { closeSideConnections, sideConnection, untilWaiting } from "../support/side-connections";

// Recording a hook's deliveries (lib/forge-hooks/deliveries.ts, docs/api.md "Incoming hooks"): the
// statements written by hand, on both databases, and the races they are written for, forced on
// PostgreSQL with a side connection.

const fixture = (name: string) => JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../fixtures/forges", `${name}.json`), "utf8"));
const githubPush = () => readForgeEvent("github", "push", fixture("github-push"));
const merged = (title: string) => {
  const payload = fixture("github-pull-request-merged");
  payload.pull_request.title = title;
  return readForgeEvent("github", "pull_request", payload);
};

let accounts = 0;

async function newHook() {
  const user = await getDb().user.create({ data: { email: `hook-deliveries-${++accounts}@example.com` } });
  const access = await accessOf(user);
  const hook = await createForgeHook(access, { provider: "github", name: "Codertocat" });
  return { user, hook, delivery: (deliveryId: string, event = "push") => ({ hook, access, event, deliveryId }) };
}

const changeSeq = async (userId: string) =>
  (await getDb().accountCounters.findUniqueOrThrow({ where: { workspaceId: await personalWorkspaceId(userId) } })).changeSeq;

describe("recording a forge delivery", () => {
  it("records a push's commits in a new repository, once per delivery id, with its log row", async () => {
    const { user, hook, delivery } = await newHook();
    const before = await changeSeq(user.id);
    const first = await recordForgeDelivery(delivery("one"), githubPush());
    expect(first).toMatchObject({ result: "recorded", commits_recorded: 2 });
    expect(await changeSeq(user.id)).toBeGreaterThan(before);
    const repository = await getDb().repository.findUniqueOrThrow({ where: { id: first.repository_id! } });
    expect(repository).toMatchObject({
      userId: user.id,
      name: "Codertocat/Hello-World",
      remoteUrl: "https://github.com/Codertocat/Hello-World.git",
      defaultBranch: "main",
    });
    expect(await accountTotal(await accessOf(user), "repositoryCount")).toBe(1);
    const commits = await getDb().commit.findMany({ where: { repositoryId: repository.id }, orderBy: { sha: "asc" } });
    expect(commits.map(({ sha, userId, webUrl }) => ({ sha, userId, webUrl }))).toEqual([
      {
        sha: "0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c",
        userId: user.id,
        webUrl: "https://github.com/Codertocat/Hello-World/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c",
      },
      {
        sha: "b5a2c96250612366ea272ffac6d9744aaf4b45aa",
        userId: user.id,
        webUrl: "https://github.com/Codertocat/Hello-World/commit/b5a2c96250612366ea272ffac6d9744aaf4b45aa",
      },
    ]);

    const seq = await changeSeq(user.id);
    expect(await recordForgeDelivery(delivery("one"), githubPush())).toMatchObject({ result: "duplicate", commits_recorded: 0 });
    expect(await changeSeq(user.id)).toBe(seq);
    expect(await recordForgeDelivery(delivery("two"), githubPush())).toMatchObject({ result: "recorded", commits_recorded: 0, repository_id: repository.id });
    const rows = await getDb().hookDelivery.findMany({ where: { hookId: hook.id }, orderBy: { receivedAt: "asc" } });
    expect(rows.map(({ deliveryId, status, commitsRecorded }) => [deliveryId, status, commitsRecorded])).toEqual([
      ["one", 200, 2],
      ["two", 200, 0],
    ]);
  });

  it("takes a delivery id that was refused again, and leaves one that was recorded as it was", async () => {
    const { hook, delivery } = await newHook();
    await logRefusedForgeDelivery(delivery("refused"), 400, "The push payload has no ref");
    expect(await recordForgeDelivery(delivery("refused"), githubPush())).toMatchObject({ result: "recorded", commits_recorded: 2 });
    await logRefusedForgeDelivery(delivery("refused"), 400, "something else");
    expect(await getDb().hookDelivery.findMany({ where: { hookId: hook.id }, select: { status: true, error: true, commitsRecorded: true } })).toEqual([
      { status: 200, error: null, commitsRecorded: 2 },
    ]);
  });

  it("keeps a hook's last 50 deliveries", async () => {
    const { hook, delivery } = await newHook();
    for (let index = 0; index < 53; index++) await recordForgeDelivery(delivery(`ping-${index}`, "ping"), { kind: "ignored" });
    const kept = await getDb().hookDelivery.findMany({ where: { hookId: hook.id }, orderBy: { receivedAt: "desc" }, select: { deliveryId: true } });
    expect(kept).toHaveLength(50);
    expect(kept[0]!.deliveryId).toBe("ping-52");
    expect(kept.at(-1)!.deliveryId).toBe("ping-3");
  });

  it("suggests a merged pull request once, bringing it up to date and keeping its dismissal", async () => {
    const { user, delivery } = await newHook();
    const { repository_id } = await recordForgeDelivery(delivery("merged-1", "pull_request"), merged("First title"));
    await getDb().pullRequestSuggestion.updateMany({ where: { repositoryId: repository_id! }, data: { dismissedAt: new Date("2026-11-22T00:00:00Z") } });
    await recordForgeDelivery(delivery("merged-2", "pull_request"), merged("Second title"));
    expect(await getDb().pullRequestSuggestion.findMany({ where: { userId: user.id } })).toMatchObject([
      {
        repositoryId: repository_id,
        number: 2,
        title: "Second title",
        mergeSha: "c4295bd74fb0f4fda03689c3df3f2803b658fd85",
        dismissedAt: new Date("2026-11-22T00:00:00Z"),
      },
    ]);
  });

  it("answers 404 for a hook deleted before its delivery is recorded", async () => {
    const { hook, delivery } = await newHook();
    await getDb().incomingHook.delete({ where: { id: hook.id } });
    await expect(recordForgeDelivery(delivery("late"), githubPush())).rejects.toMatchObject({ kind: "not_found" });
    await expect(logRefusedForgeDelivery(delivery("late"), 400, "late")).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe.runIf(testBackend() === "postgres")("a repository created by another write at the same moment", () => {
  afterEach(closeSideConnections);

  /**
   * A repository of the delivery's name inserted by a transaction still open. Its insert holds
   * the account's counters row too (its trigger), which the delivery waits on first.
   */
  async function heldRepository(userId: string, remoteUrl: string) {
    const [holder, observer] = [await sideConnection(), await sideConnection()];
    await holder.query("BEGIN");
    const id = newId();
    await holder.query(
      "INSERT INTO repositories (id, workspace_id, user_id, name, remote_url, updated_at) VALUES ($1, (SELECT workspace_id FROM memberships WHERE user_id = $2::uuid AND role = 'owner'), $2, 'Codertocat/Hello-World', $3, now())",
      [id, userId, remoteUrl],
    );
    return { id, holder, observer };
  }

  it("is the one the delivery records into, when it has the same remote", async () => {
    const { user, delivery } = await newHook();
    const { id, holder, observer } = await heldRepository(user.id, "git@github.com:Codertocat/Hello-World.git");
    const recording = recordForgeDelivery(delivery("at-once"), githubPush());
    await untilWaiting(observer, 1);
    await holder.query("COMMIT");
    expect(await recording).toMatchObject({ result: "recorded", commits_recorded: 2, repository_id: id });
    expect(await getDb().repository.count({ where: { userId: user.id } })).toBe(1);
  });

  it("leaves the delivery another name, when it has another remote", async () => {
    const { user, delivery } = await newHook();
    const { holder, observer } = await heldRepository(user.id, "https://gitlab.com/codertocat/hello-world.git");
    const recording = recordForgeDelivery(delivery("elsewhere"), githubPush());
    await untilWaiting(observer, 1);
    await holder.query("COMMIT");
    const { repository_id } = await recording;
    expect(await getDb().repository.findUniqueOrThrow({ where: { id: repository_id! } })).toMatchObject({ name: "Codertocat/Hello-World (github.com)" });
  });
});
