import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { readEvents, type ReceivedEvent } from "../support/sse";

let server: TestServer;

beforeAll(async () => {
  // A pause between pieces, so that a second client can join while the recap is being written.
  server = await sharedServer("recaps");
});


const recapsPath = "/api/v1/worklog/recaps";

async function json<T>(response: Promise<Response>, status: number): Promise<T> {
  const resolved = await response;
  const body = await resolved.json();
  expect(resolved.status, JSON.stringify(body)).toBe(status);
  return body as T;
}

/** An account with twelve entries over twelve days: a recap of them is written in some thirty pieces. */
async function accountWithEntries(): Promise<string> {
  const { email } = await server.createUser({ plan: "pro" });
  const key = await server.createKey(email, ["worklog:*", "project:*"]);
  const project = await json<{ id: string }>(server.request("/api/v1/projects", { key, method: "POST", body: { name: "Importer" } }), 201);
  for (let day = 1; day <= 12; day++) {
    const body = { content: `Task ${day}`, recorded_at: `2026-05-${String(day).padStart(2, "0")}T12:00:00Z`, project_id: project.id };
    await json(server.request("/api/v1/worklog/entries", { key, method: "POST", body }), 201);
  }
  return key;
}

const processing = (events: ReceivedEvent[], recapId: string) => events.filter((event) => event.data.recap_id === recapId && event.data.status === "processing");

/** Each event's `partial_content` is the previous one's plus its `delta`, starting from `before`. */
function expectGrowingText(events: ReceivedEvent[], before = "") {
  let text = before;
  for (const { data } of events) {
    expect(data.partial_content).toBe(text + (data.delta as string));
    text = data.partial_content as string;
  }
  return text;
}

describe("recap streams' partial_content", () => {
  it("grows piece by piece to the final content, and a client joining late gets the text so far in its first event", async () => {
    const key = await accountWithEntries();
    const recap = await json<{ id: string }>(server.request(recapsPath, { key, method: "POST", body: { from: "2026-05-01", to: "2026-05-31" } }), 201);

    const stream = (query: string) => server.request(`${recapsPath}/sse${query}`, { key });
    const finishedHere = (events: ReceivedEvent[]) => events.some((event) => event.data.recap_id === recap.id && event.data.status !== "processing");
    let joinedAfter: ReceivedEvent | undefined;
    let joining: Promise<ReceivedEvent[][]> | undefined;
    const { events: earlyEvents, closedByServer } = await readEvents(await stream(`?recap_id=${recap.id}`), (events) => {
      if (events.length === 4) {
        joinedAfter = events[3];
        joining = Promise.all([`?recap_id=${recap.id}`, ""].map(async (query) => (await readEvents(await stream(query), finishedHere)).events));
      }
      return false;
    });
    expect(closedByServer).toBe(true);
    expect(joinedAfter!.data.status).toBe("processing");
    const [single, account] = await joining!;

    const completed = earlyEvents.at(-1)!.data;
    expect(completed.status).toBe("completed");
    const content = completed.content as string;
    expect(content).toContain("- Task 12");

    // From the start: every event adds its delta to the text so far, which ends as the content.
    const fromStart = processing(earlyEvents, recap.id);
    expect(fromStart.length).toBeGreaterThan(10);
    expect(expectGrowingText(fromStart)).toBe(content);

    // Joining late, on the recap's stream and on the account's: the first event already holds
    // the text written until then, as its delta too; the rest grow from it to the same content.
    for (const late of [processing(single!, recap.id), processing(account!, recap.id)]) {
      const [first, ...rest] = late;
      expect(first!.id).toBe(`${recap.id}:0`);
      expect(first!.data.delta).toBe(first!.data.partial_content);
      expect((first!.data.partial_content as string).startsWith(joinedAfter!.data.partial_content as string)).toBe(true);
      expect(content.startsWith(first!.data.partial_content as string)).toBe(true);
      expect(content.length).toBeGreaterThan((first!.data.partial_content as string).length);
      expect(expectGrowingText(rest, first!.data.partial_content as string)).toBe(content);
    }
    expect(single!.at(-1)!.data).toEqual(completed);
  });
});
