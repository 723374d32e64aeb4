import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { newKey } from "../support/accounts";

// The import's bounds on hostile documents (docs/api.md, "Export and import"): a list of more
// than 100 000 items is refused before any item is read, and a 422 lists at most 100 problems
// and says how many more there were.

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer();
});

const importScopes = ["project:write", "repo:write", "worklog:write"];

/** `{"entries":[{},{},…]}`: every item lacks every field. */
const emptyItems = (count: number) => `{"entries":[${Array.from({ length: count }, () => "{}").join(",")}]}`;

/** A hostile document must not take minutes: this only guards against a hang. */
const hangBound = () => AbortSignal.timeout(30_000);

async function importing(key: string, body: string, query: string) {
  const response = await server.request(`/api/v1/import${query}`, { key, method: "POST", body, invalid: true, signal: hangBound() });
  const text = await response.text();
  return { status: response.status, size: text.length, body: JSON.parse(text) };
}

describe("POST /api/v1/import on hostile documents", () => {
  it("refuses a 1 MiB jrnl document of 349 000 empty items by its length, with a small 422", async () => {
    const document = emptyItems(349_000);
    expect(document.length).toBeGreaterThan(1_000_000);
    const { status, size, body } = await importing(await newKey(server, { scopes: importScopes }), document, "?format=jrnl");
    expect(status).toBe(422);
    expect(size).toBeLessThan(64 * 1024);
    expect(body.errors).toEqual([{ title: "Invalid value", detail: "Too many items: at most 100000", source: { pointer: "/entries" } }]);
  });

  it("lists the first 100 problems of a document of 100 000 empty items and says how many more there were", async () => {
    const { status, size, body } = await importing(await newKey(server, { scopes: importScopes }), emptyItems(100_000), "?format=jrnl");
    expect(status).toBe(422);
    expect(size).toBeLessThan(64 * 1024);
    expect(body.errors).toHaveLength(101);
    expect(body.errors.slice(0, 4)).toEqual(
      ["date", "time", "title", "body"].map((field) => ({
        title: "Invalid value",
        detail: `Missing field: ${field}`,
        source: { pointer: `/entries/0/${field}` },
      })),
    );
    // Four problems an item: 400 000, of which 100 are listed.
    expect(body.errors.at(-1)).toEqual({ title: "Invalid value", detail: "And 399900 more problems", source: { pointer: "" } });
  });

  it("bounds a Worklog export the same way, each list on its own", async () => {
    const key = await newKey(server, { scopes: importScopes });
    const tooMany = `{"format":"worklog-export","version":1,"projects":[],"repositories":[],"commits":[${Array.from({ length: 100_001 }, () => "{}").join(",")}],"entries":[]}`;
    const refused = await importing(key, tooMany, "");
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ title: "Invalid value", detail: "Too many items: at most 100000", source: { pointer: "/commits" } }]);

    const broken = {
      format: "worklog-export",
      version: 1,
      projects: [],
      repositories: [],
      commits: [],
      entries: Array.from({ length: 3_000 }, () => ({ content: "" })),
    };
    const { status, size, body } = await importing(key, JSON.stringify(broken), "");
    expect(status).toBe(422);
    expect(size).toBeLessThan(64 * 1024);
    expect(body.errors).toHaveLength(101);
    expect(body.errors.at(-1)).toMatchObject({ detail: expect.stringMatching(/^And \d+ more problems$/), source: { pointer: "" } });
  });
});
