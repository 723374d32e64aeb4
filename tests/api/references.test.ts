import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { json } from "../support/responses";
import { newKey, notFoundBody, sha } from "../support/accounts";

// Issue references (docs/api.md, "Issue references") over HTTP: projects' trackers, entries'
// references on create, update and commit attach, the filter, the search, the report and the export.

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

type Reference = { key: string; url: string; provider: string };
type Entry = { id: string; url: string; content: string; references: Reference[] };
const linear = { prefix: "PAY", url_template: "https://linear.app/acme/issue/{key}" };
const pay142 = { key: "PAY-142", url: "https://linear.app/acme/issue/PAY-142", provider: "tracker" };

const account = () => newKey(server, { scopes: ["worklog:*", "project:*", "repo:*", "user:*"] });
const createProject = (key: string, body: unknown, { invalid = false } = {}) => server.request("/api/v1/projects", { key, method: "POST", body, invalid });
const createEntry = (key: string, body: Record<string, unknown>) => json<Entry>(server.request("/api/v1/worklog/entries", { key, method: "POST", body }), 201);
const list = async (key: string, query: string) =>
  (await json<{ entries: Entry[] }>(server.request(`/api/v1/worklog/entries?${query}`, { key }), 200)).entries.map((entry) => entry.content);
const errorsOf = async (response: Response) => (await response.json()).errors;

describe("projects' trackers", () => {
  it("are written and read with the project, and replaced by an update", async () => {
    const key = await account();
    const project = await json<{ url: string; trackers: unknown }>(createProject(key, { name: "Payments", trackers: [linear] }), 201);
    expect(project.trackers).toEqual([linear]);
    expect((await json<{ trackers: unknown }>(server.request(project.url, { key }), 200)).trackers).toEqual([linear]);
    const jira = { prefix: "OPS2", url_template: "https://acme.atlassian.net/browse/{key}" };
    const updated = await json<{ trackers: unknown }>(server.request(project.url, { key, method: "PUT", body: { trackers: [jira] } }), 200);
    expect(updated.trackers).toEqual([jira]);
    // Sent without trackers, an update keeps them.
    expect((await json<{ trackers: unknown }>(server.request(project.url, { key, method: "PUT", body: { name: "Pay" } }), 200)).trackers).toEqual([jira]);
  });

  it("are validated: 422 with the field's pointer", async () => {
    const key = await account();
    const cases: [unknown, string][] = [
      [[{ prefix: "pay", url_template: linear.url_template }], "/trackers/0/prefix"],
      [[{ prefix: "1PAY", url_template: linear.url_template }], "/trackers/0/prefix"],
      [[{ prefix: "ABCDEFGHIJK", url_template: linear.url_template }], "/trackers/0/prefix"],
      [[linear, { prefix: "OPS", url_template: "http://acme.example/{key}" }], "/trackers/1/url_template"],
      [[{ prefix: "OPS", url_template: "https://acme.example/issues" }], "/trackers/0/url_template"],
      [[{ prefix: "OPS" }], "/trackers/0/url_template"],
      [Array.from({ length: 21 }, (_, index) => ({ prefix: `P${index}`, url_template: linear.url_template })), "/trackers"],
    ];
    for (const [trackers, pointer] of cases) {
      const response = await createProject(key, { name: "Bad", trackers }, { invalid: true });
      expect(response.status, JSON.stringify(trackers)).toBe(422);
      expect((await errorsOf(response)).map((error: { source: { pointer: string } }) => error.source.pointer)).toEqual([pointer]);
    }
  });

  it("keep a prefix unique in the workspace (422 Duplicate value), each workspace its own", async () => {
    const key = await account();
    await json(createProject(key, { name: "Payments", trackers: [linear] }), 201);
    const taken = await createProject(key, { name: "Other", trackers: [linear] });
    expect(taken.status).toBe(422);
    expect(await errorsOf(taken)).toEqual([{ title: "Invalid value", detail: "Duplicate value", source: { pointer: "/trackers/0/prefix" } }]);
    const twice = await createProject(key, {
      name: "Twice",
      trackers: [
        { ...linear, prefix: "OPS" },
        { ...linear, prefix: "OPS" },
      ],
    });
    expect(await errorsOf(twice)).toEqual([{ title: "Invalid value", detail: "Duplicate value", source: { pointer: "/trackers/1/prefix" } }]);
    expect((await createProject(await account(), { name: "Theirs", trackers: [linear] })).status).toBe(201);
  });

  it("of another workspace's project are a 404, and need project:write (403)", async () => {
    const key = await account();
    const project = await json<{ url: string }>(createProject(key, { name: "Payments" }), 201);
    const stranger = await account();
    expect(await json(server.request(project.url, { key: stranger, method: "PUT", body: { trackers: [linear] } }), 404)).toEqual(notFoundBody);
    const readOnly = await newKey(server, { scopes: ["project:read"] });
    expect((await server.request(project.url, { key: readOnly, method: "PUT", body: { trackers: [linear] } })).status).toBe(403);
  });
});

describe("entries' references", () => {
  let key: string;
  let projectId: string;
  let first: Entry;
  beforeAll(async () => {
    key = await account();
    projectId = (await json<{ id: string }>(createProject(key, { name: "Payments", trackers: [linear] }), 201)).id;
    const repository = await json<{ id: string }>(
      server.request("/api/v1/repositories", {
        key,
        method: "POST",
        body: { name: "payments", project_id: projectId, remote_url: "https://github.com/acme/payments.git" },
      }),
      201,
    );
    const { commits } = await json<{ commits: { id: string }[] }>(
      server.request(`/api/v1/repositories/${repository.id}/commits`, {
        key,
        method: "POST",
        body: { commits: [{ sha: sha("c"), message: "Merge branch 'fix/gh-311-timeouts'", committed_at: "2026-11-10T08:00:00Z" }] },
      }),
      201,
    );
    first = await createEntry(key, {
      content: "fixed the retry storm in PAY-142 (SHA-256 over UTF-8)",
      project_id: projectId,
      recorded_at: "2026-11-10T09:00:00Z",
      duration_seconds: 3600,
    });
    first = await json<Entry>(server.request(`${first.url}/commits`, { key, method: "POST", body: { commit_ids: [commits[0]!.id] } }), 200);
    await createEntry(key, { content: "review of pay-142", project_id: projectId, recorded_at: "2026-11-11T09:00:00Z", duration_seconds: 600 });
    await createEntry(key, { content: "lunch", recorded_at: "2026-11-11T12:00:00Z", duration_seconds: 60 });
  });

  it("are recognised in the text and the commits' messages, and change with the text", async () => {
    expect(first.references).toEqual([pay142, { key: "acme/payments#311", url: "https://github.com/acme/payments/issues/311", provider: "github" }]);
    expect((await json<Entry>(server.request(first.url, { key }), 200)).references).toEqual(first.references);
    const scratch = await createEntry(key, { content: "PAY-1", project_id: projectId });
    const updated = await json<Entry>(server.request(scratch.url, { key, method: "PUT", body: { content: "now PAY-2" } }), 200);
    expect(updated.references.map((reference) => reference.key)).toEqual(["PAY-2"]);
    expect((await list(key, "reference=PAY-2")).length).toBe(1);
    await server.request(scratch.url, { key, method: "DELETE" });
  });

  it("filter the list, whatever the key's case, and are found by the search", async () => {
    expect(await list(key, "reference=pay-142")).toEqual(["review of pay-142", first.content]);
    expect(await list(key, `reference=${encodeURIComponent("acme/payments#311")}`)).toEqual([first.content]);
    expect(await list(key, "reference=SHA-256")).toEqual([]);
    expect(await list(key, "q=PAY-142")).toEqual(["review of pay-142", first.content]);
    expect(await list(key, `q=${encodeURIComponent("acme/payments#311")}`)).toEqual([first.content]);
    // Another workspace's entries are not found by their keys.
    expect(await list(await account(), "reference=PAY-142")).toEqual([]);
  });

  it("group the report, an entry in each of its references' groups", async () => {
    const report = await json<{
      groups: { key: string | null; label: string; tracked_seconds: number; entries: number }[];
      totals: { tracked_seconds: number };
    }>(server.request("/api/v1/worklog/report?group_by=reference&from=2026-11-09&to=2026-11-15", { key }), 200);
    expect(report.totals.tracked_seconds).toBe(4260);
    expect(report.groups.map(({ key: group, label, tracked_seconds, entries }) => ({ group, label, tracked_seconds, entries }))).toEqual([
      { group: "PAY-142", label: "PAY-142", tracked_seconds: 4200, entries: 2 },
      { group: "acme/payments#311", label: "acme/payments#311", tracked_seconds: 3600, entries: 1 },
      { group: null, label: "No reference", tracked_seconds: 60, entries: 1 },
    ]);
  });

  it("are carried by the exports", async () => {
    const document = await json<{ entries: Entry[] }>(server.request("/api/v1/export?format=json&reference=PAY-142", { key }), 200);
    expect(document.entries.map((entry) => entry.references.map((reference) => reference.key))).toEqual([["PAY-142"], ["PAY-142", "acme/payments#311"]]);
    const csv = await (await server.request("/api/v1/export?format=csv", { key })).text();
    const rows: Record<string, string>[] = parse(csv, { bom: true, columns: true, record_delimiter: "\r\n" });
    expect(rows.map((row) => row.references)).toEqual(["", "PAY-142", "PAY-142 acme/payments#311"]);
  });

  it("refuse an empty reference filter (400, as the other filters)", async () => {
    expect(await json(server.request("/api/v1/worklog/entries?reference=", { key, invalid: true }), 400)).toEqual({
      error: { message: "reference must be 1 to 200 characters", type: "invalid_request_error" },
    });
  });
});
