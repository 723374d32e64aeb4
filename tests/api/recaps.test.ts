import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer, uniqueClientAddress } from "../support/shared-server";
import { readEvents } from "../support/sse";
import { signInWithPassword } from "../support/web-session";
import { json } from "../support/responses";
import { newAccount } from "../support/accounts";

let server: TestServer;

beforeAll(async () => {
  // Recaps written piece by piece, with a pause between pieces (server-configs.ts).
  server = await sharedServer("recaps");
});

const recapsPath = "/api/v1/worklog/recaps";
const notFoundBody = { error: { message: "Could not find the requested resource", type: "not_found_error" } };
const planBody = { error: { message: "You must be on a plan to access this resource.", type: "authorization_error" } };

type Recap = {
  id: string;
  url: string;
  status: "processing" | "completed" | "failed";
  content: string | null;
  metadata: { entry_count: number; projects: string[]; tags: string[]; total_duration_seconds: number; commit_count: number } | null;
  sources: { type: "entry" | "commit"; id: string }[] | null;
  template: "summary" | "standup" | "weekly" | "brag" | "team_standup";
  filters: { from: string; to: string; project_ids: string[]; tags: string[]; exclude_tags: string[] };
  error: string | null;
  inserted_at: string;
  updated_at: string;
  completed_at: string | null;
  recap_id?: string;
  poll_url?: string;
  sse_url?: string;
};

/** A new account of every scope, in `timezone`. */
const account = (timezone = "Europe/Paris", plan?: "free" | "pro") => newAccount(server, { plan, settings: { timezone } });

const newProject = (key: string, name: string) => json<{ id: string }>(server.request("/api/v1/projects", { key, method: "POST", body: { name } }), 201);
const newEntry = (key: string, body: Record<string, unknown>) =>
  json<{ id: string; url: string }>(server.request("/api/v1/worklog/entries", { key, method: "POST", body }), 201);
const createRecap = (key: string, body?: unknown, query = "", { invalid = false } = {}) =>
  server.request(`${recapsPath}${query}`, { key, method: "POST", body, invalid });
const stream = (key: string, query = "", { invalid = false } = {}) => server.request(`${recapsPath}/sse${query}`, { key, invalid });

async function finishedRecap(key: string, id: string): Promise<Recap> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const recap = await json<Recap>(server.request(`${recapsPath}/${id}`, { key }), 200);
    if (recap.status !== "processing") return recap;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`recap ${id} did not finish`);
}

/** The fixed data set of the snapshot: two projects, an entry without one, tags, commits, Paris days. */
async function fixedDataSet(key: string) {
  const website = await newProject(key, "Website");
  const api = await newProject(key, "API");
  const landing = await newEntry(key, {
    content: "Shipped the **landing page**\nwith its details",
    recorded_at: "2026-03-02T09:00:00Z",
    duration_seconds: 3600,
    tags: ["frontend", "deploy"],
    project_id: website.id,
  });
  const header = await newEntry(key, {
    content: "## Fixed the header\n",
    recorded_at: "2026-03-03T16:30:00Z",
    duration_seconds: 1800,
    tags: ["frontend"],
    project_id: website.id,
  });
  // 00:30 on March 3 in Paris.
  const limits = await newEntry(key, { content: "- Added rate limits", recorded_at: "2026-03-02T23:30:00Z", tags: ["backend"], project_id: api.id });
  const planning = await newEntry(key, { content: "Planning meeting", recorded_at: "2026-03-04T08:00:00Z", duration_seconds: 2700 });
  // Outside the range in Paris (23:59 on March 4 UTC is March 5 there).
  await newEntry(key, { content: "Too late", recorded_at: "2026-03-04T23:00:00Z", project_id: api.id });

  const repository = await json<{ id: string }>(
    server.request("/api/v1/repositories", { key, method: "POST", body: { name: "site", remote_url: "git@github.com:acme/site.git" } }),
    201,
  );
  const { commits } = await json<{ commits: { id: string }[] }>(
    server.request(`/api/v1/repositories/${repository.id}/commits`, {
      key,
      method: "POST",
      body: {
        commits: [
          { sha: "a".repeat(40), message: "One", committed_at: "2026-03-02T08:00:00Z" },
          { sha: "b".repeat(40), message: "Two", committed_at: "2026-03-02T08:30:00Z" },
        ],
      },
    }),
    201,
  );
  await json(server.request(`${landing.url}/commits`, { key, method: "POST", body: { commit_ids: commits.map((commit) => commit.id) } }), 200);
  return {
    website,
    api,
    landing,
    ids: { landing: landing.id, header: header.id, limits: limits.id, planning: planning.id, commits: commits.map((commit) => commit.id) },
  };
}

type DataSetIds = Awaited<ReturnType<typeof fixedDataSet>>["ids"];
const commitUrl = (letter: string) => `https://github.com/acme/site/commit/${letter.repeat(40)}`;

const snapshotFilters = { from: "2026-03-02", to: "2026-03-04" };

/** The summary of the data set: every bullet cites its entry, and the commits their pages on GitHub. */
const snapshotContent = (ids: DataSetIds) => `# Recap 2–4 Mar 2026

4 entries across 2 projects, 2h 15m tracked, 2 commits.

## API

1 entry.

- Added rate limits ([3 Mar](/?entry=${ids.limits}))

## Website

2 entries, 1h 30m.

- Fixed the header ([3 Mar](/?entry=${ids.header}))
- Shipped the **landing page** with its details ([2 Mar](/?entry=${ids.landing}); commits [\`aaaaaaa\`](${commitUrl("a")}), [\`bbbbbbb\`](${commitUrl("b")}))

## No project

1 entry, 45m.

- Planning meeting ([4 Mar](/?entry=${ids.planning}))

## Tags

- \`backend\`: 1 entry
- \`deploy\`: 1 entry, 1h
- \`frontend\`: 2 entries, 1h 30m

## Day by day

- **Mon 2 Mar**: 1 entry, 1h (Website)
- **Tue 3 Mar**: 2 entries, 30m (API, Website)
- **Wed 4 Mar**: 1 entry, 45m (No project)
`;

/** In order of first citation. */
const snapshotSources = (ids: DataSetIds) => [
  { type: "entry", id: ids.limits },
  { type: "entry", id: ids.header },
  { type: "entry", id: ids.landing },
  { type: "commit", id: ids.commits[0] },
  { type: "commit", id: ids.commits[1] },
  { type: "entry", id: ids.planning },
];

const snapshotMetadata = {
  entry_count: 4,
  projects: ["API", "Website"],
  tags: ["backend", "deploy", "frontend"],
  total_duration_seconds: 8100,
  commit_count: 2,
};

describe("recaps", () => {
  it("go from processing through streamed deltas to completed, and read back the same", async () => {
    const { key } = await account();
    const { ids } = await fixedDataSet(key);

    // The account's stream, open before the recap begins, gets every piece as it is written.
    const accountStream = await stream(key);
    expect(accountStream.status).toBe(200);
    const written = readEvents(accountStream, (events) => events.some((event) => event.data.status !== "processing"));
    const created = await json<Recap>(createRecap(key, snapshotFilters), 201);
    const timestamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7/),
      url: `${recapsPath}/${created.id}`,
      status: "processing",
      content: null,
      metadata: null,
      sources: null,
      template: "summary",
      filters: { from: "2026-03-01T23:00:00.000Z", to: "2026-03-04T22:59:59.999Z", project_ids: [], tags: [], exclude_tags: [] },
      error: null,
      inserted_at: timestamp,
      updated_at: timestamp,
      completed_at: null,
      recap_id: created.id,
      poll_url: `${recapsPath}/${created.id}`,
      sse_url: `${server.url}${recapsPath}/sse?recap_id=${created.id}`,
    });

    const response = await server.request(created.sse_url!, { key });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(response.headers.get("x-ratelimit-limit")).toBe(server.env.RATE_LIMIT_PER_MINUTE);
    const { events, closedByServer } = await readEvents(response);
    expect(closedByServer).toBe(true);
    const completedEvent = await json<Recap>(server.request(created.poll_url!, { key }), 200);

    // Every piece, each an event `<recap id>:<pieces before it>`, then the recap.
    const pieces = (await written).events;
    const deltas = pieces.slice(0, -1);
    expect(deltas.length).toBeGreaterThan(5);
    for (const event of deltas) {
      expect(event.data).toEqual({ recap_id: created.id, status: "processing", delta: expect.any(String), partial_content: expect.any(String) });
    }
    expect(deltas.map((event) => event.id)).toEqual(deltas.map((_, seq) => `${created.id}:${seq}`));
    expect(deltas.map((event) => event.data.delta).join("")).toBe(snapshotContent(ids));
    expect(pieces.at(-1)!.data).toEqual({ recap_id: created.id, ...completedEvent });

    // The recap's own stream, opened after the POST: the pieces written until then as one event
    // (none when it is already complete), each piece after it, then the recap.
    const seqs = events.map((event) => Number(event.id!.slice(`${created.id}:`.length)));
    expect(events.every((event) => event.id!.startsWith(`${created.id}:`))).toBe(true);
    expect(seqs[0]).toBe(0);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(events.at(-1)!.data).toEqual({ recap_id: created.id, ...completedEvent });
    expect(["", snapshotContent(ids)]).toContain(
      events
        .slice(0, -1)
        .map((event) => event.data.delta)
        .join(""),
    );
    expect(completedEvent).toEqual({
      ...created,
      recap_id: undefined,
      poll_url: undefined,
      sse_url: undefined,
      status: "completed",
      content: snapshotContent(ids),
      metadata: snapshotMetadata,
      sources: snapshotSources(ids),
      updated_at: timestamp,
      completed_at: timestamp,
    });
  });

  it("give the same text for the same data, and reuse a completed recap until a matching entry changes", async () => {
    const { key } = await account();
    const { landing, ids } = await fixedDataSet(key);
    const first = await json<Recap>(createRecap(key, snapshotFilters), 201);
    expect((await finishedRecap(key, first.id)).content).toBe(snapshotContent(ids));

    const again = await json<Recap>(createRecap(key, { ...snapshotFilters, tags: [] }), 200);
    expect(again).toMatchObject({ id: first.id, status: "completed", content: snapshotContent(ids), metadata: snapshotMetadata });

    await json(server.request(landing.url, { key, method: "PUT", body: { tags: ["deploy", "frontend"] } }), 200);
    const regenerated = await json<Recap>(createRecap(key, snapshotFilters), 201);
    expect(regenerated.id).not.toBe(first.id);
    expect(await finishedRecap(key, regenerated.id)).toMatchObject({ status: "completed", content: snapshotContent(ids), metadata: snapshotMetadata });

    // An entry outside the filters changes nothing.
    await newEntry(key, { content: "Later", recorded_at: "2026-04-01T10:00:00Z" });
    expect((await json<Recap>(createRecap(key, snapshotFilters), 200)).id).toBe(regenerated.id);
    // A deleted matching entry does.
    const extra = await newEntry(key, { content: "Extra", recorded_at: "2026-03-03T10:00:00Z" });
    const withExtra = await json<Recap>(createRecap(key, snapshotFilters), 201);
    await finishedRecap(key, withExtra.id);
    await json(server.request(extra.url, { key, method: "DELETE" }), 200);
    expect((await json<Recap>(createRecap(key, snapshotFilters), 201)).id).not.toBe(withExtra.id);
  });

  it("filter by projects, tags, excluded tags and days in the account's time zone", async () => {
    const { key } = await account();
    const { website, api } = await fixedDataSet(key);
    const metadataOf = async (response: Promise<Response>) => (await finishedRecap(key, (await json<Recap>(response, 201)).id)).metadata;

    expect(await metadataOf(createRecap(key, { ...snapshotFilters, project_ids: [api.id] }))).toEqual({
      entry_count: 1,
      projects: ["API"],
      tags: ["backend"],
      total_duration_seconds: 0,
      commit_count: 0,
    });
    expect(await metadataOf(createRecap(key, { ...snapshotFilters, tags: ["deploy", "backend"] }))).toMatchObject({
      entry_count: 2,
      projects: ["API", "Website"],
    });
    expect(await metadataOf(createRecap(key, { ...snapshotFilters, exclude_tags: ["frontend"] }))).toMatchObject({ entry_count: 2, tags: ["backend"] });
    // Lists as strings split on commas and whitespace, in the query string; the body wins.
    expect(
      await metadataOf(createRecap(key, undefined, `?from=2026-03-02&to=2026-03-04&project_ids=${website.id},${api.id}&exclude_tags=deploy%20backend`)),
    ).toMatchObject({
      entry_count: 1,
      projects: ["Website"],
    });
    expect(await metadataOf(createRecap(key, { to: "2026-03-02" }, "?from=2026-03-02&to=2026-03-03"))).toMatchObject({ entry_count: 1, projects: ["Website"] });

    // March 3 in Paris runs from 23:00 UTC on March 2: the API entry at 23:30 UTC belongs to it.
    const march3 = await json<Recap>(createRecap(key, { from: "2026-03-03", to: "2026-03-03" }), 201);
    expect(march3.filters).toEqual({ from: "2026-03-02T23:00:00.000Z", to: "2026-03-03T22:59:59.999Z", project_ids: [], tags: [], exclude_tags: [] });
    expect((await finishedRecap(key, march3.id)).metadata).toMatchObject({ entry_count: 2, projects: ["API", "Website"] });
    expect(await metadataOf(createRecap(key, { from: "2026-03-02T23:30:00Z", to: "2026-03-02T23:30:00.000+00:00" }))).toMatchObject({
      entry_count: 1,
      projects: ["API"],
    });
  });

  it("list at most ten highlights per project, newest first, then how many more, citing them", async () => {
    const { key } = await account("UTC");
    const project = await newProject(key, "Busy");
    const ids: string[] = [];
    for (let day = 1; day <= 12; day++) {
      ids.push((await newEntry(key, { content: `Task ${day}`, recorded_at: `2026-05-${String(day).padStart(2, "0")}T12:00:00Z`, project_id: project.id })).id);
    }
    const recap = await json<Recap>(createRecap(key, { from: "2026-05-01", to: "2026-05-31" }), 201);
    const { content, sources } = await finishedRecap(key, recap.id);
    const tasks = Array.from({ length: 10 }, (_, index) => `- Task ${12 - index} ([${12 - index} May](/?entry=${ids[11 - index]}))`).join("\n");
    expect(content).toContain(`## Busy\n\n12 entries.\n\n${tasks}\n- and 2 more ([1 May](/?entry=${ids[0]}), [2 May](/?entry=${ids[1]}))\n\n## Day by day\n`);
    expect(sources).toEqual([...ids.slice(2).reverse(), ids[0], ids[1]].map((id) => ({ type: "entry", id })));
  });

  it("default to today in the account's time zone, and refuse filters that match nothing", async () => {
    const { key } = await account("Pacific/Kiritimati");
    expect(await json(createRecap(key, {}), 400)).toEqual({ error: { message: "No worklog entries match these filters", type: "invalid_request_error" } });
    await newEntry(key, { content: "Yesterday there", recorded_at: new Date(Date.now() - 36 * 3600_000).toISOString() });
    expect((await createRecap(key)).status).toBe(400);
    await newEntry(key, { content: "Just now" });
    // Behind a TLS-terminating proxy, sse_url keeps the scheme the client used.
    const recap = await json<Recap>(server.request(recapsPath, { key, method: "POST", headers: { "x-forwarded-proto": "https" } }), 201);
    expect(recap.sse_url).toBe(`${server.url.replace("http:", "https:")}${recapsPath}/sse?recap_id=${recap.id}`);
    expect((await finishedRecap(key, recap.id)).metadata).toMatchObject({ entry_count: 1 });
  });

  it("reject invalid filters with the contract's errors", async () => {
    const { key } = await account();
    expect(await json(createRecap(key, { project_ids: ["nope"], tags: "a b", exclude_tags: [1], from: "yesterday" }, "", { invalid: true }), 422)).toEqual({
      errors: [
        { title: "Invalid value", detail: "Invalid value", source: { pointer: "/from" } },
        { title: "Invalid value", detail: "Invalid value", source: { pointer: "/project_ids/0" } },
        { title: "Invalid value", detail: "Invalid value", source: { pointer: "/exclude_tags/0" } },
      ],
    });
    expect(await json(createRecap(key, undefined, "?from=soon", { invalid: true }), 400)).toEqual({
      error: { message: "from must be a date (YYYY-MM-DD) or an RFC 3339 timestamp", type: "invalid_request_error" },
    });
    expect((await createRecap(key, "[1]", "", { invalid: true })).status).toBe(400);
  });

  it("require plan pro on every endpoint", async () => {
    const { key: proKey } = await account();
    await newEntry(proKey, { content: "work" });
    const proRecap = await json<Recap>(createRecap(proKey), 201);

    const { email, key } = await account("UTC", "free");
    await newEntry(key, { content: "work" });
    expect(await json(createRecap(key), 403)).toEqual(planBody);
    expect(await json(stream(key), 403)).toEqual(planBody);
    expect(await json(stream(key, `?recap_id=${proRecap.id}`), 403)).toEqual(planBody);
    expect(await json(server.request(`${recapsPath}/${proRecap.id}`, { key }), 403)).toEqual(planBody);

    expect((await server.admin("user:plan", "--email", email, "--plan", "pro")).exitCode).toBe(0);
    expect((await createRecap(key)).status).toBe(201);
  });

  it("are refused in the web app with the plan's limit in words, not the API's message", async () => {
    const { email, password } = await server.createUser({ plan: "free" });
    const { session } = await signInWithPassword(server.url, email, password, uniqueClientAddress());
    const page = await fetch(`${server.url}/recaps`, { headers: { cookie: session! } });
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("&#x27;", "'");
    expect(html).toContain("Recaps are part of the pro plan");
    expect(html).toContain(
      "Your account is on the free plan, which includes no recaps at all. This is not a daily or monthly allowance, so it does not reset with time",
    );
    expect(html).not.toContain("You must be on a plan to access this resource.");
  });

  it("check scopes before anything else, and hide other accounts' recaps", async () => {
    const { email, key } = await account();
    await newEntry(key, { content: "work" });
    const recap = await json<Recap>(createRecap(key), 201);
    const readOnly = await server.createKey(email, ["worklog:read"]);
    const projectsOnly = await server.createKey(email, ["project:*"]);
    expect(await json(createRecap(readOnly), 403)).toEqual({
      error: { message: "Insufficient scope for this API key. Required: worklog:write. Available: worklog:read", type: "authorization_error" },
      details: { required_scope: "worklog:write", granted_scopes: ["worklog:read"] },
    });
    for (const path of [`${recapsPath}/${recap.id}`, `${recapsPath}/sse?recap_id=${recap.id}`, `${recapsPath}/sse`]) {
      expect(await json(server.request(path, { key: projectsOnly }), 403)).toMatchObject({ details: { required_scope: "worklog:read" } });
    }
    expect((await server.request(`${recapsPath}/${recap.id}`, { key: readOnly })).status).toBe(200);
    expect((await server.request(recapsPath, { key, invalid: true })).status).toBe(405);
    expect((await server.request(`${recapsPath}/sse`)).status).toBe(401);

    const { key: otherKey } = await account();
    expect(await json(server.request(`${recapsPath}/${recap.id}`, { key: otherKey }), 404)).toEqual(notFoundBody);
    expect(await json(stream(otherKey, `?recap_id=${recap.id}`), 404)).toEqual(notFoundBody);
    expect(await json(stream(key, "?recap_id=not-a-uuid", { invalid: true }), 404)).toEqual(notFoundBody);
    expect(await json(server.request(`${recapsPath}/not-a-uuid`, { key, invalid: true }), 404)).toEqual(notFoundBody);
  });

  it("send a finished recap's stream as one event, then close", async () => {
    const { key } = await account();
    await newEntry(key, { content: "work" });
    const recap = await finishedRecap(key, (await json<Recap>(createRecap(key), 201)).id);
    const { events, closedByServer } = await readEvents(await stream(key, `?recap_id=${recap.id}`));
    expect(closedByServer).toBe(true);
    expect(events).toEqual([{ id: expect.stringMatching(new RegExp(`^${recap.id}:\\d+$`)), data: { recap_id: recap.id, ...recap } }]);
  });

  it("stream every recap of the account on the account-wide stream", async () => {
    const { key } = await account();
    await fixedDataSet(key);
    const { key: otherKey } = await account();
    await newEntry(otherKey, { content: "someone else's" });

    // With no recap in progress there is no event to send: the stream still opens at once, with a comment, not with the first heartbeat (15 s).
    const response = await stream(key);
    expect(response.status).toBe(200);
    const reading = readEvents(response, (events) => events.filter((event) => event.data.status === "completed").length === 2);
    const first = await json<Recap>(createRecap(key, snapshotFilters), 201);
    await json(createRecap(otherKey), 201);
    const second = await json<Recap>(createRecap(key, { ...snapshotFilters, tags: ["frontend"] }), 201);
    const { events, comments, closedByServer } = await reading;
    expect(closedByServer).toBe(false);
    expect(comments[0]).toBe(": connected");

    for (const recap of [first, second]) {
      const own = events.filter((event) => event.data.recap_id === recap.id);
      const completed = own.at(-1)!;
      expect(completed.data.status).toBe("completed");
      expect(
        own
          .slice(0, -1)
          .map((event) => event.data.delta)
          .join(""),
      ).toBe(completed.data.content);
    }
    expect(new Set(events.map((event) => event.data.recap_id))).toEqual(new Set([first.id, second.id]));
  });
});

describe("recap templates", () => {
  it("refuse an unknown template with the contract's errors: 422 in the body, 400 in the query string", async () => {
    const { key } = await account();
    await newEntry(key, { content: "work" });
    expect(await json(createRecap(key, { template: "haiku" }, "", { invalid: true }), 422)).toEqual({
      errors: [{ title: "Invalid value", detail: "Invalid enum value", source: { pointer: "/template" } }],
    });
    expect(await json(createRecap(key, { template: ["standup"] }, "", { invalid: true }), 422)).toMatchObject({
      errors: [{ detail: "Invalid enum value", source: { pointer: "/template" } }],
    });
    expect(await json(createRecap(key, undefined, "?template=Standup", { invalid: true }), 400)).toEqual({
      error: { message: "template must be one of summary, standup, weekly, brag, team_standup", type: "invalid_request_error" },
    });
  });

  it("default to summary, and reuse a completed recap only of the same filters and template", async () => {
    const { key } = await account();
    const { ids } = await fixedDataSet(key);
    const summary = await json<Recap>(createRecap(key, snapshotFilters), 201);
    expect(summary.template).toBe("summary");
    await finishedRecap(key, summary.id);

    const standup = await json<Recap>(createRecap(key, { ...snapshotFilters, template: "standup" }), 201);
    expect(standup).toMatchObject({ template: "standup", status: "processing", sources: null });
    const finished = await finishedRecap(key, standup.id);
    // The query string names the template too; the body wins over it.
    expect((await json<Recap>(createRecap(key, snapshotFilters, "?template=standup"), 200)).id).toBe(standup.id);
    expect((await json<Recap>(createRecap(key, { ...snapshotFilters, template: "summary" }, "?template=standup"), 200)).id).toBe(summary.id);
    const weekly = await json<Recap>(createRecap(key, { ...snapshotFilters, template: "weekly" }), 201);
    expect(weekly.id).not.toBe(standup.id);

    expect(finished.content).toBe(
      "# Standup Wed 4 Mar 2026\n\n" +
        "## Yesterday: Tue 3 Mar\n\n" +
        `- Fixed the header ([3 Mar](/?entry=${ids.header}))\n` +
        `- Added rate limits ([3 Mar](/?entry=${ids.limits}))\n\n` +
        "## Today: Wed 4 Mar\n\n" +
        `- Planning meeting ([4 Mar](/?entry=${ids.planning}))\n\n` +
        "## Blockers\n\nNone recorded.\n\n" +
        "_1 earlier entry of the period left out: a standup covers its last two days._\n",
    );
    expect(finished.sources).toEqual([ids.header, ids.limits, ids.planning].map((id) => ({ type: "entry", id })));
    expect(await json<Recap>(server.request(`${recapsPath}/${standup.id}`, { key }), 200)).toEqual(finished);
  });

  it("start a standup without `from` three days back, so that its yesterday is there on a Monday", async () => {
    const { key } = await account("UTC");
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    threeDaysAgo.setUTCHours(12, 0, 0, 0);
    const friday = await newEntry(key, { content: "Shipped the importer", recorded_at: threeDaysAgo.toISOString() });
    await newEntry(key, { content: "Reviewed the export", recorded_at: new Date(Date.now() - 4 * 86_400_000).toISOString() });
    const standup = await json<Recap>(createRecap(key, { template: "standup" }), 201);
    const startOfThirdDayBack = new Date(threeDaysAgo);
    startOfThirdDayBack.setUTCHours(0, 0, 0, 0);
    expect(standup.filters.from).toBe(startOfThirdDayBack.toISOString());
    const finished = await finishedRecap(key, standup.id);
    expect(finished.metadata?.entry_count).toBe(1);
    expect(finished.content).toContain(`Shipped the importer ([`);
    expect(finished.sources).toEqual([{ type: "entry", id: friday.id }]);
    // Without a template, the period is still today alone: no entry.
    expect((await createRecap(key, {})).status).toBe(400);
  });

  it("cite the commits of a weekly recap by their pages, and a brag document's outcomes with their links", async () => {
    const { key } = await account();
    const { ids } = await fixedDataSet(key);
    await newEntry(key, { content: "Released v2 ([notes](https://example.com/v2))", recorded_at: "2026-03-04T10:00:00Z", tags: ["release"] });
    const weekly = await finishedRecap(key, (await json<Recap>(createRecap(key, { ...snapshotFilters, template: "weekly" }), 201)).id);
    expect(weekly.content).toContain(`**Commits**\n\n- One ([\`aaaaaaa\`](${commitUrl("a")}))\n- Two ([\`bbbbbbb\`](${commitUrl("b")}))\n`);
    expect(weekly.sources).toEqual(expect.arrayContaining(ids.commits.map((id) => ({ type: "commit", id }))));

    const brag = await finishedRecap(key, (await json<Recap>(createRecap(key, { ...snapshotFilters, template: "brag" }), 201)).id);
    expect(brag.content).toContain("- Released v2 ([notes](https://example.com/v2)) ([4 Mar](/?entry=");
    expect(brag.content).not.toContain("Planning meeting");
  });
});
