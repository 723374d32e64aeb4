// What the export writes cannot be read back as something else: a CSV cell as a spreadsheet
// formula, a name or content as the markdown export's own days and times (docs/api.md, "Export").
import { parse } from "csv-parse/sync";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { forgedDayName } from "../support/hostile-names";
import { renderedMarkdown } from "../support/rendered-markdown";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { newKey } from "../support/accounts";

const onPostgres = process.env.WORKLOG_TEST_DATABASE === "postgres";
const hyperlink = '=HYPERLINK("http://evil.test","x")';

let server: TestServer;

async function created<T = { id: string }>(key: string, path: string, body: unknown): Promise<T> {
  const response = await server.request(path, { key, method: "POST", body });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json() as Promise<T>;
}

async function exported(key: string, format: "csv" | "markdown"): Promise<string> {
  const response = await server.request(`/api/v1/export?format=${format}`, { key });
  expect(response.status).toBe(200);
  return response.text();
}

/** Runs statements on the server's database: rows the API no longer lets anyone write, as older versions did. */
async function onDatabase(statements: [string, unknown[]][]): Promise<void> {
  const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
  await client.connect();
  try {
    for (const [text, values] of statements) await client.query(text, values);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  server = await sharedServer();
});

describe("GET /api/v1/export?format=csv", () => {
  it("prefixes with ' every cell a spreadsheet would read as a formula, whatever its column", async () => {
    const key = await newKey(server);
    const project = await created<{ id: string; name: string }>(key, "/api/v1/projects", { name: hyperlink, identifier: "EVL" });
    expect(project.name).toBe(hyperlink);
    const contents = [hyperlink, "+1+1", "-2+3", "@SUM(A1:A2)", "\tTabbed", "\rReturned", "'=Quoted already", "''-Quoted twice", "Plain = text", " =Spaced"];
    for (const [index, content] of contents.entries()) {
      await created(key, "/api/v1/worklog/entries", {
        content,
        tags: index === 0 ? ["=1+1", "@home"] : ["plain", "=later"],
        project_id: index === 0 ? project.id : null,
        duration_seconds: 60 * (index + 1),
        recorded_at: new Date(Date.UTC(2026, 10, 1, index)).toISOString(),
      });
    }

    const rows: Record<string, string>[] = parse(await exported(key, "csv"), { bom: true, columns: true, record_delimiter: "\r\n" });
    const byContent = new Map(rows.map((row) => [row.content, row]));
    expect([...byContent.keys()].sort()).toEqual(
      [
        `'${hyperlink}`,
        "'+1+1",
        "'-2+3",
        "'@SUM(A1:A2)",
        "'\tTabbed",
        "'\rReturned",
        "''=Quoted already",
        "'''-Quoted twice",
        "Plain = text",
        " =Spaced",
      ].sort(),
    );
    expect(byContent.get(`'${hyperlink}`)).toMatchObject({
      project_identifier: "EVL",
      project_name: `'${hyperlink}`,
      tags: "'=1+1 @home",
      duration_seconds: "60",
    });
    expect(byContent.get("Plain = text")).toMatchObject({ project_name: "", tags: "plain =later", duration_seconds: "540" });
    for (const row of rows)
      expect(
        Object.values(row).filter((cell) => /^[=+\-@\t\r]/.test(cell)),
        JSON.stringify(row),
      ).toEqual([]);
  });
});

describe("GET /api/v1/export?format=markdown", () => {
  it.runIf(onPostgres)("prints names and tags on one line, and keeps content inside its entry", async () => {
    const key = await newKey(server);
    const { email } = (await (await server.request("/api/v1/user", { key })).json()) as { email: string };
    const project = await created(key, "/api/v1/projects", { name: "Placeholder", identifier: "PLH" });
    const entry = await created(key, "/api/v1/worklog/entries", {
      content: "Real work\n## 1999-01-02 (Saturday)\n### 00:01\nFORGED by content\n===\n```\nan unclosed fence",
      tags: ["real"],
      project_id: project.id,
      recorded_at: "2026-11-20T12:00:00Z",
    });
    await created(key, "/api/v1/worklog/entries", { content: "*Second* entry, after the fence", recorded_at: "2026-11-20T11:00:00Z" });
    await onDatabase([
      ["UPDATE projects SET name = $1 WHERE id = $2", [forgedDayName, project.id]],
      ["UPDATE worklog_entries SET tags = $1 WHERE id = $2", [["real", "x\n## 1999-01-03 (Sunday)", "y\u2028### 00:02"], entry.id]],
      ["UPDATE users SET name = $1, timezone = 'UTC' WHERE email = $2", ["Ada\n## 1999-01-04 (Monday)\r\n", email]],
    ]);

    const markdown = await exported(key, "markdown");
    // As a program reading lines sees it (JavaScript's `^` ends a line at U+2028 and U+2029 too)…
    expect(markdown.match(/^#{1,3} .*$/gm)).toEqual(["# Worklog of Ada \\#\\# 1999-01-04 (Monday)", "## 2026-11-20 (Friday)", "### 12:00", "### 11:00"]);
    expect(markdown).not.toMatch(/^FORGED/m);
    // …and as a markdown reader renders it: every heading of the content stays inside the entry's quote.
    let html = renderedMarkdown(markdown).html;
    while (/<blockquote>/.test(html)) html = html.replace(/<blockquote>(?:(?!<blockquote>)[\s\S])*?<\/blockquote>/, "");
    expect([...html.matchAll(/<h\d>(.*?)<\/h\d>/g)].map(([, heading]) => heading)).toEqual([
      "Worklog of Ada ## 1999-01-04 (Monday)",
      "2026-11-20 (Friday)",
      "12:00",
      "11:00",
    ]);
    expect(html).toContain("<li>Project: Line ## 1999-01-01 (Friday) ### 00:00 FORGED (PLH)</li>");
    expect(html).toContain("<li>Tags: #real #x ## 1999-01-03 (Sunday) #y ### 00:02</li>");
    expect(renderedMarkdown(markdown).html).toContain("<em>Second</em> entry, after the fence");
  });
});
