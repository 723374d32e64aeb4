// The outbox's IndexedDB layer, on fake-indexeddb (an in-memory IndexedDB for Node.js).
import "fake-indexeddb/auto";
import { testQueue, preview, body } from "../support/outbox-items";
import { afterEach, describe, expect, it } from "vitest";
import { createItem, updateItem } from "@/lib/offline/outbox-changes";
import { queueKey } from "@/lib/offline/outbox-item";
import { addToQueue, changeItem, countItems, deleteOutboxDatabase, openOutbox, outboxDatabaseName, queueKeys, readQueue } from "@/lib/offline/outbox-store";

const mine = testQueue;
const otherWorkspace = { ...mine, workspace: "other" };

afterEach(async () => {
  await deleteOutboxDatabase();
  openOutbox();
});

describe("the outbox in IndexedDB", () => {
  it("keeps one queue per user and workspace, each read in order", async () => {
    await addToQueue(createItem(mine, body("one"), preview("one")));
    await addToQueue(createItem(otherWorkspace, body("elsewhere"), preview("elsewhere")));
    await addToQueue(createItem(mine, body("two"), preview("two")));
    expect((await readQueue(queueKey(mine))).map((item) => item.request.body?.content)).toEqual(["one", "two"]);
    expect((await readQueue(queueKey(otherWorkspace))).map((item) => item.request.body?.content)).toEqual(["elsewhere"]);
    expect((await queueKeys()).sort()).toEqual([queueKey(mine), queueKey(otherWorkspace)].sort());
    expect(await countItems()).toBe(3);
  });

  it("folds an edit into its unsent create in one transaction, but not once the create was tried", async () => {
    const create = createItem(mine, body("draft"), preview("draft"));
    await addToQueue(create);
    await addToQueue(updateItem(mine, { id: create.entryId, updated_at: "x" }, { content: "folded" }, preview("folded")));
    const [stored] = await readQueue(queueKey(mine));
    expect(stored?.request.body?.content).toBe("folded");

    await changeItem(stored!, (item) => ({ ...item, state: "sending", attempts: 1 }));
    await addToQueue(updateItem(mine, { id: create.entryId, updated_at: "x" }, { content: "later" }, preview("later")));
    expect((await readQueue(queueKey(mine))).map((item) => [item.kind, item.request.body?.content])).toEqual([
      ["create", "folded"],
      ["update", "later"],
    ]);
  });

  it("is deleted whole when signing out, and a sender still running does not make it again", async () => {
    await addToQueue(createItem(mine, body("one"), preview("one")));
    await deleteOutboxDatabase();
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(outboxDatabaseName);
    await expect(readQueue(queueKey(mine))).rejects.toThrow("signing out");
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(outboxDatabaseName);
    openOutbox();
    expect(await readQueue(queueKey(mine))).toEqual([]);
  });
});
