// A recap outlives the server that was generating it: the server is killed mid-recap (SIGKILL,
// nothing settles its job) and started again on the same database; once the lease of the dead
// attempt has run out (1 s here), the new server's worker generates the recap again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHeldModel, type HeldModel } from "../support/held-model";
import { startServer, type PrivateServer } from "../support/server";
import { readEvents, type ReceivedEvent } from "../support/sse";
import { newKey } from "../support/accounts";

let model: HeldModel;
let server: PrivateServer;

beforeAll(async () => {
  // A model that holds the recap after its first lines until released, so that the server dies
  // mid-recap (tests/support/held-model.ts); a short lease, and polls, so that the restarted
  // server takes the recap over as soon as it is up.
  model = await startHeldModel();
  server = await startServer({ env: { RECAP_LLM_URL: model.url, RECAP_LLM_API_KEY: "test-llm-key", JOB_LEASE_MS: "1000", JOB_POLL_INTERVAL_MS: "100" } });
});

afterAll(async () => {
  await server?.stop();
  await model?.close();
});

describe("a recap whose server died mid-recap", () => {
  it("is generated again by the next server, and completes", async () => {
    const key = await newKey(server, { scopes: ["worklog:*"], plan: "pro" });
    for (let day = 1; day <= 6; day++) {
      const body = { content: `Task ${day}`, recorded_at: `2026-05-${String(day).padStart(2, "0")}T12:00:00Z` };
      expect((await server.request("/api/v1/worklog/entries", { key, method: "POST", body })).status).toBe(201);
    }
    // The account's stream, open before the recap begins, gets every piece as it is written.
    const stream = await server.request("/api/v1/worklog/recaps/sse", { key });
    const created = await server.request("/api/v1/worklog/recaps", { key, method: "POST", body: { from: "2026-05-01", to: "2026-05-31" } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    // Its first lines written, the rest held by the model: the server dies.
    const heldText = await model.holding;
    const before = await readEvents(stream, (events) => events.at(-1)!.data.partial_content === heldText);
    expect(before.events.length).toBeGreaterThanOrEqual(2);
    expect(before.events.every((event) => event.data.status === "processing")).toBe(true);
    await server.crash();
    await server.restart();
    model.release();

    const after = await readEvents(await server.request(`/api/v1/worklog/recaps/sse?recap_id=${id}`, { key }));
    const last = after.events.at(-1)!.data;
    expect(last).toMatchObject({ recap_id: id, status: "completed", error: null });
    const content = last.content as string;
    expect(content).toContain("Task 6");
    // Whether the stream met the first attempt's text or the second's, the text it showed was the recap's beginning.
    const shown = (events: ReceivedEvent[]) =>
      events.filter((event) => event.data.status === "processing").map((event) => event.data.partial_content as string);
    for (const text of [...shown(before.events), ...shown(after.events)]) expect(content.startsWith(text), text).toBe(true);
    expect(await (await server.request(`/api/v1/worklog/recaps/${id}`, { key })).json()).toMatchObject({ status: "completed", content });
  });
});
