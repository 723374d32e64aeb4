import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { exportDocumentSchema, type ExportDocument } from "@/lib/data/export-document";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { json } from "../support/responses";
import { newKey, newAccount } from "../support/accounts";

// More entries than one batch of the export (lib/data/export-batches.ts), many at the same
// instant, so that the walk across batches is checked against the list's own pages.
const ENTRY_COUNT = 520;
const TIME_ZONE = "America/Los_Angeles";

let server: TestServer;
let key: string;
let otherKey: string;
let fixtures: { projectId: string; otherProjectId: string; recapId: string; trickyContent: string };

type Entry = ExportDocument["entries"][number];

const post = <T>(key: string, path: string, body: unknown) => json<T>(server.request(path, { key, method: "POST", body }), 201);

/** Every item of a list, page after page, as a client of the API reads it. */
async function allPages<T>(key: string, path: string, field: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes("?") ? "&" : "?";
    const page: Record<string, unknown> & { meta: { end_cursor: string | null; has_more: boolean } } = await json(
      server.request(`${path}${separator}limit=100${cursor ? `&starting_after=${cursor}` : ""}`, { key }),
    );
    items.push(...(page[field] as T[]));
    cursor = page.meta.has_more ? page.meta.end_cursor : null;
  } while (cursor);
  return items;
}

const exportOf = (query: string, credential = key, { invalid = false } = {}) => server.request(`/api/v1/export?${query}`, { key: credential, invalid });

async function exportedDocument(query = "format=json"): Promise<ExportDocument> {
  const response = await exportOf(query);
  expect(response.status, await response.clone().text()).toBe(200);
  return exportDocumentSchema.parse(await response.json());
}

async function exportedCsv(query: string): Promise<Record<string, string>[]> {
  const response = await exportOf(`format=csv&${query}`);
  expect(response.status).toBe(200);
  return parse(await response.text(), { bom: true, columns: true, record_delimiter: "\r\n" });
}

async function inParallel<T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += 20) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(20, count - start) }, (_, offset) => make(start + offset)))));
  }
  return results;
}

/** The day and time of the account's time zone at `instant`, as the CSV's local_date and local_time. */
function localWhen(instant: string): { local_date: string; local_time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return { local_date: `${parts.year}-${parts.month}-${parts.day}`, local_time: `${parts.hour}:${parts.minute}` };
}

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

beforeAll(async () => {
  server = await sharedServer("unlimited");
  key = await newKey(server, { plan: "pro", settings: { name: "Ada", timezone: TIME_ZONE } });

  const project = await post<{ id: string }>(key, "/api/v1/projects", { name: 'Website, "new"', identifier: "WEB" });
  await post(key, "/api/v1/projects", { name: "Docs" });
  const repository = await post<{ id: string }>(key, "/api/v1/repositories", { name: "website", project_id: project.id });
  await post(key, "/api/v1/repositories", { name: "docs" });
  const { commits } = await post<{ commits: { id: string; sha: string }[] }>(key, `/api/v1/repositories/${repository.id}/commits`, {
    commits: [
      { sha: "a".repeat(40), message: "First", committed_at: "2026-11-20T10:00:00Z" },
      { sha: "b".repeat(40), message: "Second", committed_at: "2026-11-21T10:00:00Z" },
    ],
  });

  const trickyContent = 'Über "quotes", commas,\nnew lines\r\nand emoji 🧪 — ünïcödé\n\n## not a day';
  const tricky = await post<{ id: string }>(key, "/api/v1/worklog/entries", {
    content: trickyContent,
    tags: ["release", "web"],
    project_id: project.id,
    duration_seconds: 5400,
    recorded_at: "2026-11-21T07:30:00Z",
  });
  await json(server.request(`/api/v1/worklog/entries/${tricky.id}/commits`, { key, method: "POST", body: { commit_ids: commits.map((commit) => commit.id) } }));
  // Days in the account's time zone: 2026-11-21T07:30Z is the evening of the 20th in Los Angeles.
  await inParallel(ENTRY_COUNT - 1, (index) =>
    post(key, "/api/v1/worklog/entries", {
      content: `Entry ${index}`,
      tags: index % 3 === 0 ? ["web"] : ["ops"],
      project_id: index % 2 === 0 ? project.id : null,
      duration_seconds: index % 4 === 0 ? null : 60 * (index + 1),
      recorded_at: index < 300 ? "2026-11-19T12:00:00Z" : new Date(Date.UTC(2026, 10, 1) + index * 3_600_000).toISOString(),
    }),
  );
  const recap = await post<{ id: string }>(key, "/api/v1/worklog/recaps", { from: "2026-11-01", to: "2026-11-30" });

  otherKey = await newKey(server);
  const otherProject = await post<{ id: string }>(otherKey, "/api/v1/projects", { name: "Theirs" });
  await post(otherKey, "/api/v1/worklog/entries", { content: "Not yours", project_id: otherProject.id });
  fixtures = { projectId: project.id, otherProjectId: otherProject.id, recapId: recap.id, trickyContent };
}, 240_000);

describe("GET /api/v1/export?format=json", () => {
  it("is the account as the API lists it, in one document with the export's headers", async () => {
    const before = today();
    const response = await exportOf("format=json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const disposition = response.headers.get("content-disposition");
    expect([`attachment; filename="worklog-${before}.json"`, `attachment; filename="worklog-${today()}.json"`]).toContain(disposition);
    expect(response.headers.get("etag")).toBeNull();
    const document = exportDocumentSchema.parse(await response.json());

    expect(document).toMatchObject({ format: "worklog-export", version: 1 });
    expect(document.user).toEqual(await json(server.request("/api/v1/user", { key })));
    expect(document.entries).toHaveLength(ENTRY_COUNT);
    expect(document.entries).toEqual(await allPages<Entry>(key, "/api/v1/worklog/entries", "entries"));
    expect(document.projects).toEqual(await allPages(key, "/api/v1/projects", "projects"));
    const repositories = await allPages<{ id: string }>(key, "/api/v1/repositories", "repositories");
    expect(document.repositories).toEqual(repositories);
    const commits = [];
    for (const repository of repositories) commits.push(...(await allPages(key, `/api/v1/repositories/${repository.id}/commits`, "commits")));
    expect(document.commits).toEqual(commits);
    expect(document.commits).toHaveLength(2);
    expect(document.recaps.map((recap) => recap.id)).toEqual([fixtures.recapId]);
    expect(JSON.stringify(document)).not.toContain("Not yours");
  });

  it("filters the entries like the list, and keeps every project, repository and commit", async () => {
    for (const filters of [`project_id=${fixtures.projectId}&tags=web`, "from=2026-11-20&to=2026-11-25", "tags=OPS"]) {
      const document = await exportedDocument(`format=json&${filters}`);
      const listed = await allPages<Entry>(key, `/api/v1/worklog/entries?${filters}`, "entries");
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.length).toBeLessThan(ENTRY_COUNT);
      expect(document.entries, filters).toEqual(listed);
      expect(document.projects).toHaveLength(2);
      expect(document.commits).toHaveLength(2);
    }
  });

  it("exports no entries for another account's project, as the list lists none", async () => {
    const document = await exportedDocument(`format=json&project_id=${fixtures.otherProjectId}`);
    expect(document.entries).toEqual([]);
    expect(document.projects.map((project) => project.id)).not.toContain(fixtures.otherProjectId);
  });

  it("defaults to json", async () => {
    const response = await exportOf("");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(exportDocumentSchema.parse(await response.json()).entries).toHaveLength(ENTRY_COUNT);
  });
});

describe("GET /api/v1/export?format=csv", () => {
  it("has one RFC 4180 row per entry, UTF-8 with a BOM, as the list shows them", async () => {
    const response = await exportOf("format=csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="worklog-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.slice(1, text.indexOf("\r\n"))).toBe(
      "id,recorded_at,duration_seconds,project_identifier,project_name,tags,content,commit_shas,local_date,local_time,hours,author_id,author_name,references",
    );

    const rows: Record<string, string>[] = parse(text, { bom: true, columns: true, record_delimiter: "\r\n" });
    const listed = await allPages<Entry>(key, "/api/v1/worklog/entries", "entries");
    const document = await exportedDocument();
    const shaOf = new Map(document.commits.map((commit) => [commit.id, commit.sha]));
    expect(rows).toEqual(
      listed.map((entry) => ({
        id: entry.id,
        recorded_at: entry.recorded_at,
        duration_seconds: entry.duration_seconds === null ? "" : String(entry.duration_seconds),
        project_identifier: entry.project?.identifier ?? "",
        project_name: entry.project?.name ?? "",
        tags: entry.tags.join(" "),
        content: entry.content,
        commit_shas: entry.commit_ids.map((id) => shaOf.get(id)).join(" "),
        ...localWhen(entry.recorded_at),
        hours: entry.duration_seconds === null ? "" : String(Math.round(entry.duration_seconds / 36) / 100),
        author_id: entry.author.id,
        author_name: entry.author.name ?? "",
        references: entry.references.map((reference) => reference.key).join(" "),
      })),
    );
    const tricky = rows.find((row) => row.content === fixtures.trickyContent);
    expect(tricky).toMatchObject({ project_name: 'Website, "new"', tags: "release web", commit_shas: `${"a".repeat(40)} ${"b".repeat(40)}` });
    // 2026-11-21T07:30Z is the evening before in Los Angeles; 5400 seconds are an hour and a half.
    expect(tricky).toMatchObject({ local_date: "2026-11-20", local_time: "23:30", hours: "1.5" });
  });

  it("filters like the list", async () => {
    const rows = await exportedCsv(`tags=web&project_id=${fixtures.projectId}`);
    const listed = await allPages<Entry>(key, `/api/v1/worklog/entries?tags=web&project_id=${fixtures.projectId}`, "entries");
    expect(rows.map((row) => row.id)).toEqual(listed.map((entry) => entry.id));
    expect(await exportedCsv(`project_id=${fixtures.otherProjectId}`)).toEqual([]);
  });
});

describe("GET /api/v1/export?format=markdown", () => {
  it("groups the entries by day of the account's time zone, newest first, with their details", async () => {
    const response = await exportOf("format=markdown");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="worklog-\d{4}-\d{2}-\d{2}\.md"$/);
    const text = await response.text();
    expect(text.startsWith("# Worklog of Ada\n")).toBe(true);

    const days = [...text.matchAll(/^## (\d{4}-\d{2}-\d{2}) \(\w+day\)$/gm)].map((match) => match[1]);
    const listed = await allPages<Entry>(key, "/api/v1/worklog/entries", "entries");
    const dayOf = (entry: Entry) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(entry.recorded_at));
    expect(days).toEqual([...new Set(listed.map(dayOf))]);
    expect([...text.matchAll(/^### \d{2}:\d{2}$/gm)]).toHaveLength(ENTRY_COUNT);

    // The entry recorded at 07:30 UTC on the 21st is on the evening of the 20th in Los Angeles.
    const section = text.slice(text.indexOf("## 2026-11-20 (Friday)"), text.indexOf("## 2026-11-19"));
    const quoted = '> Über "quotes", commas,\n> new lines\n> and emoji 🧪 — ünïcödé\n>\n> ## not a day';
    expect(section).toContain(`### 23:30\n\n${quoted}\n\n- Project: Website, "new" (WEB)\n- Tags: #release #web\n- Duration: 1h 30m\n`);
  });

  it("filters like the list", async () => {
    const text = await (await exportOf("format=markdown&from=2026-11-20&to=2026-11-20")).text();
    expect(text.match(/^## \d{4}-.*$/gm)).toEqual(["## 2026-11-20 (Friday)"]);
  });
});

describe("errors", () => {
  it("answers 400 for an unknown format or an invalid filter, as the list does", async () => {
    const badFormat = await exportOf("format=xml", key, { invalid: true });
    expect(badFormat.status).toBe(400);
    expect(await badFormat.json()).toEqual({ error: { message: "format must be json, csv or markdown", type: "invalid_request_error" } });
    for (const filter of ["from=yesterday", "project_id=42", "tags=a%00b"]) {
      const exported = await exportOf(`format=csv&${filter}`, key, { invalid: true });
      const listed = await server.request(`/api/v1/worklog/entries?${filter}`, { key, invalid: true });
      expect(exported.status, filter).toBe(400);
      expect(await exported.json()).toEqual(await listed.json());
    }
  });

  it("needs worklog:read, and for json the account's other read scopes", async () => {
    const { email, key: worklogOnly } = await newAccount(server, { scopes: ["worklog:read"] });
    expect((await exportOf("format=csv", worklogOnly)).status).toBe(200);
    expect((await exportOf("format=markdown", worklogOnly)).status).toBe(200);
    const json = await exportOf("format=json", worklogOnly);
    expect(json.status).toBe(403);
    expect((await json.json()).details).toEqual({ required_scope: "user:read", granted_scopes: ["worklog:read"] });
    const allButRepositories = await server.createKey(email, ["user:read", "project:read", "worklog:read"]);
    expect((await (await exportOf("format=json", allButRepositories)).json()).details.required_scope).toBe("repo:read");

    const noWorklog = await server.createKey(email, ["user:read", "project:read", "repo:read"]);
    for (const format of ["json", "csv", "markdown"]) {
      const refused = await exportOf(`format=${format}`, noWorklog);
      expect(refused.status).toBe(403);
      expect((await refused.json()).details.required_scope).toBe("worklog:read");
    }
    const reads = await server.createKey(email, ["user:read", "project:read", "repo:read", "worklog:read"]);
    expect((await exportOf("format=json", reads)).status).toBe(200);
    expect((await exportOf("format=json", otherKey)).status).toBe(200);
  });

  it("needs a credential", async () => {
    expect((await server.request("/api/v1/export")).status).toBe(401);
  });
});
