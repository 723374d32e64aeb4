import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHeldModel, type HeldModel } from "../support/held-model";
import { startServer, type PrivateServer } from "../support/server";
import { readEvents, type ReceivedEvent } from "../support/sse";
import { json } from "../support/responses";
import { newKey } from "../support/accounts";

let model: HeldModel;
let server: PrivateServer;

beforeAll(async () => {
  // Its recaps stop after their first lines until the test releases them, so that clients join
  // while one is being written (tests/support/held-model.ts); hence a server of its own.
  model = await startHeldModel();
  server = await startServer({ env: { RECAP_LLM_URL: model.url, RECAP_LLM_API_KEY: "test-llm-key" } });
});

afterAll(async () => {
  await server?.stop();
  await model?.close();
});

const recapsPath = "/api/v1/worklog/recaps";

/** An account with twelve entries over twelve days: a recap of them is written in some thirty pieces. */
async function accountWithEntries(): Promise<string> {
  const key = await newKey(server, { scopes: ["worklog:*", "project:*"], plan: "pro" });
  const project = await json<{ id: string }>(server.request("/api/v1/projects", { key, method: "POST", body: { name: "Importer" } }), 201);
  for (let day = 1; day <= 12; day++) {
    const body = { content: `Task ${day}`, recorded_at: `2026-05-${String(day).padStart(2, "0")}T12:00:00Z`, project_id: project.id };
    await json(server.request("/api/v1/worklog/entries", { key, method: "POST", body }), 201);
  }
  return key;
}

const processing = (events: ReceivedEvent[], recapId: string) =>
  events.filter((event) => event.data.recap_id === recapId && event.data.status === "processing");

/** Each event's `partial_content` is the previous one's plus its `delta`, starting from `before`. */
function expectGrowingText(events: ReceivedEvent[], before = "") {
  let text = before;
  for (const { data } of events) {
    expect(data.partial_content).toBe(text + (data.delta as string));
    text = data.partial_content as string;
  }
  return text;
}

/** Reads a stream until the recap has finished; `first` resolves with its first event's coming. */
function follow(response: Response, onEvent: (event: ReceivedEvent) => void = () => {}) {
  let met = () => {};
  const first = new Promise<void>((resolve) => (met = resolve));
  const read = readEvents(response, (events) => {
    met();
    onEvent(events.at(-1)!);
    return events.some((event) => event.data.status !== "processing");
  });
  return { first, read };
}

describe("recap streams' partial_content", () => {
  it("grows piece by piece to the final content, and a client joining late gets the text so far in its first event", async () => {
    const key = await accountWithEntries();
    const stream = (query: string) => server.request(`${recapsPath}/sse${query}`, { key });

    // The account's stream, open before the recap begins, gets every piece as it is written.
    let written = "";
    let onWritten = () => {};
    const fromStart = follow(await stream(""), (event) => {
      if (event.data.status !== "processing") return;
      written = event.data.partial_content as string;
      onWritten();
    });
    const recap = await json<{ id: string }>(server.request(recapsPath, { key, method: "POST", body: { from: "2026-05-01", to: "2026-05-31" } }), 201);
    // The model holds the rest of the recap once its first lines are written and streamed.
    const heldText = await model.holding;
    while (written !== heldText) await new Promise<void>((resolve) => (onWritten = resolve));

    // Clients joining now, on the recap's stream and on the account's, meet it mid-stream.
    const late = [follow(await stream(`?recap_id=${recap.id}`)), follow(await stream(""))];
    await Promise.all(late.map(({ first }) => first));
    model.release();
    const [early, single, account] = await Promise.all([fromStart, ...late].map(({ read }) => read.then(({ events }) => events)));

    const completed = early!.at(-1)!.data;
    expect(completed.status).toBe("completed");
    const content = completed.content as string;
    expect(content).toContain("- Task 12");

    // From the start: every piece is an event of its own, which adds its delta to the text so far, which ends as the content.
    const pieces = processing(early!, recap.id);
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.map((event) => event.id)).toEqual(pieces.map((_, seq) => `${recap.id}:${seq}`));
    expect(expectGrowingText(pieces)).toBe(content);

    // Joining late: the first event already holds the text written until then, as its delta too;
    // the rest grow from it to the same content.
    for (const events of [single!, account!]) {
      const [first, ...rest] = processing(events, recap.id);
      expect(first!.id).toBe(`${recap.id}:0`);
      expect(first!.data).toMatchObject({ delta: heldText, partial_content: heldText });
      expect(content.length).toBeGreaterThan(heldText.length);
      expect(expectGrowingText(rest, heldText)).toBe(content);
    }
    expect(single!.at(-1)!.data).toEqual(completed);
  });
});
