import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type PrivateServer } from "../support/server";
import { readEvents } from "../support/sse";
import { newKey } from "../support/accounts";
import { startReceiver, type Receiver } from "../support/receiver";

/** A small stand-in for an OpenAI-compatible chat-completions endpoint, streaming. */
type FakeModel = {
  receiver: Receiver;
  url: string;
  requests: { authorization?: string; body: Record<string, unknown> }[];
  reply: "tokens" | "citing" | "error" | "cut";
};

const tokens = ["## Your ", "week", "\n\nYou shipped ", "the landing page", "."];
const foreignEntryId = "0190ffff-0000-7000-8000-000000000000";

/** A reply citing the first entry of the prompt's sources and one it made up, links split across tokens. */
function citingTokens(body: Record<string, unknown>): string[] {
  const prompt = (body.messages as { content: string }[])[1]!.content;
  const entryId = /"type":"entry","id":"([0-9a-f-]{36})"/.exec(prompt)![1]!;
  return ["You shipped the landing page ([Mar", ` 2](/?entry=${entryId}`, ")) and the pricing page ([Mar 1](/?entry=", `${foreignEntryId})).`];
}

async function startFakeModel(): Promise<FakeModel> {
  const fake = { requests: [], reply: "tokens" } as unknown as FakeModel;
  fake.receiver = await startReceiver({
    answer: (request, response) => {
      fake.requests.push({ authorization: request.headers.authorization, body: JSON.parse(request.body) });
      if (request.path !== "/v1/chat/completions" || fake.reply === "error") {
        response.writeHead(500).end("{}");
        return;
      }
      response.writeHead(200, { "content-type": "text/event-stream" });
      for (const token of fake.reply === "citing" ? citingTokens(fake.requests.at(-1)!.body) : tokens) {
        response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: token } }] })}\n\n`);
      }
      if (fake.reply !== "cut") response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`);
      response.end();
    },
  });
  fake.url = `${fake.receiver.origin}/v1`;
  return fake;
}

let fake: FakeModel;
let server: PrivateServer;

beforeAll(async () => {
  fake = await startFakeModel();
  server = await startServer({ env: { RECAP_LLM_URL: fake.url, RECAP_LLM_API_KEY: "test-llm-key", RECAP_LLM_MODEL: "fake-model" } });
});

afterAll(async () => {
  await server?.stop();
  await fake?.receiver.close();
});

async function accountWithEntry() {
  const key = await newKey(server, { scopes: ["worklog:*"] });
  const created = await server.request("/api/v1/worklog/entries", {
    key,
    method: "POST",
    body: { content: "Shipped the landing page", duration_seconds: 600 },
  });
  expect(created.status).toBe(201);
  return key;
}

/** A new recap and its events, every piece as it is written: the account's stream is open before the recap begins. */
async function recapEvents(key: string, body?: Record<string, unknown>) {
  const stream = await server.request("/api/v1/worklog/recaps/sse", { key });
  expect(stream.status).toBe(200);
  const reading = readEvents(stream, (events) => events.some((event) => event.data.status !== "processing"));
  const created = await server.request("/api/v1/worklog/recaps", { key, method: "POST", body });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const { events } = await reading;
  return { id, events };
}

describe("recaps written by a language model", () => {
  it("stream the model's tokens as deltas and keep them as the content", async () => {
    fake.reply = "tokens";
    const key = await accountWithEntry();
    const { id, events } = await recapEvents(key);

    // One event per token.
    const processing = events.slice(0, -1).map((event) => event.data);
    expect(processing.map((event) => event.delta)).toEqual(tokens);
    let written = "";
    for (const event of processing) {
      written += event.delta;
      expect(event).toEqual({ recap_id: id, status: "processing", delta: event.delta, partial_content: written });
    }
    expect(events.at(-1)!.data).toMatchObject({
      recap_id: id,
      status: "completed",
      content: tokens.join(""),
      metadata: { entry_count: 1, projects: [], tags: [], total_duration_seconds: 600, commit_count: 0 },
      error: null,
    });

    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe("Bearer test-llm-key");
    expect(request.body).toMatchObject({ model: "fake-model", stream: true });
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(messages[0]!.content).toContain("Template summary:");
    expect(messages[1]!.content).toContain("Figures: 1 entry across 0 projects, 10m tracked, 0 commits.");
    expect(messages[1]!.content).toMatch(
      /\{"type":"entry","id":"[0-9a-f-]{36}","cite":"\/\?entry=[0-9a-f-]{36}","date":"\d{4}-\d\d-\d\d","author":null,"project":null,"tags":\[\],"tracked":"10m","text":"Shipped the landing page"\}/,
    );
    expect(messages[1]!.content).toContain("- Shipped the landing page ([");
  });

  it("give the model a team standup's member sections, as the built-in text has them", async () => {
    fake.reply = "tokens";
    const key = await accountWithEntry();
    await recapEvents(key, { template: "team_standup" });
    const [system, facts] = (fake.requests.at(-1)!.body.messages as { content: string }[]).map((message) => message.content);
    expect(system).toContain("Template team_standup: a ## section per member");
    const { entries } = (await (await server.request("/api/v1/worklog/entries", { key })).json()) as { entries: { id: string }[] };
    expect(facts).toMatch(/\nMembers \(yesterday is \d{4}-\d\d-\d\d up to \d{4}-\d\d-\d\d, today is \d{4}-\d\d-\d\d\), one JSON object a line:\n/);
    expect(facts).toContain(`{"member":"Unnamed member","yesterday":[],"today":["${entries[0]!.id}"],"blockers":[],"wrote_nothing":false}`);
    expect(facts).toContain("## Unnamed member\n\n**Yesterday");
  });

  it("give the model the template's instructions, and drop its citations of entries that are not among the sources", async () => {
    fake.reply = "citing";
    const key = await accountWithEntry();
    const { id, events } = await recapEvents(key, { template: "standup" });
    const system = (fake.requests.at(-1)!.body.messages as { content: string }[])[0]!.content;
    expect(system).toContain("Template standup: three sections, ## Yesterday, ## Today and ## Blockers");

    const { entries } = (await (await server.request("/api/v1/worklog/entries", { key })).json()) as { entries: { id: string }[] };
    const entryId = entries[0]!.id;
    const content = `You shipped the landing page ([Mar 2](/?entry=${entryId})) and the pricing page (Mar 1).`;
    const last = events.at(-1)!.data;
    expect(last).toMatchObject({ recap_id: id, status: "completed", template: "standup", content, sources: [{ type: "entry", id: entryId }] });
    expect(
      events
        .slice(0, -1)
        .map((event) => event.data.delta)
        .join(""),
    ).toBe(content);
    expect(content).not.toContain(foreignEntryId);
  });

  it("mark the recap failed, with a message, when the model fails or stops early", async () => {
    const key = await accountWithEntry();
    for (const [reply, error] of [
      ["error", "The recap could not be generated: The language model answered 500 Internal Server Error"],
      ["cut", "The recap could not be generated: The language model's stream ended before [DONE]"],
    ] as const) {
      fake.reply = reply;
      const { id, events } = await recapEvents(key);
      const last = events.at(-1)!.data;
      expect(last).toMatchObject({ recap_id: id, status: "failed", content: null, metadata: null, error, completed_at: null });
      const read = await server.request(`/api/v1/worklog/recaps/${id}`, { key });
      expect(await read.json()).toMatchObject({ status: "failed", error });
    }
  });
});
