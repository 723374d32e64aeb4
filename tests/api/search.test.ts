import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { json } from "../support/responses";
import { newKey } from "../support/accounts";

// The q parameter of GET /worklog/entries over HTTP (docs/api.md, "Search"); tests/db/search.test.ts
// covers the matching itself on each database.

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer();
});

const entriesPath = "/api/v1/worklog/entries";
type Page = { entries: { id: string; content: string }[]; meta: { total_count: number; result_count: number; has_more: boolean } };

const list = (key: string, query: string) => json<Page>(server.request(`${entriesPath}?${query}`, { key }), 200);

describe("searching entries with q", () => {
  let key: string;
  beforeAll(async () => {
    key = await newKey(server, { scopes: ["worklog:*"] });
    for (const [content, tags] of [
      ["Deployed the café's new menu", ["ops"]],
      ["Profiled the dashboard", ["perf"]],
      ["Wrote the deploy notes", []],
    ] as const) {
      await json(server.request(entriesPath, { key, method: "POST", body: { content, tags } }), 201);
    }
  });

  it("finds the matching entries, newest first, with their count", async () => {
    const page = await list(key, `q=${encodeURIComponent("deplo")}`);
    expect(page.entries.map((entry) => entry.content)).toEqual(["Wrote the deploy notes", "Deployed the café's new menu"]);
    expect(page.meta).toMatchObject({ total_count: 2, result_count: 2, has_more: false });
    expect((await list(key, `q=${encodeURIComponent("CAFE -notes")}&tags=ops`)).entries.map((entry) => entry.content)).toEqual([
      "Deployed the café's new menu",
    ]);
    expect((await list(key, `q=${encodeURIComponent("#perf")}`)).entries.map((entry) => entry.content)).toEqual(["Profiled the dashboard"]);
    expect((await list(key, `q=${"x".repeat(200)}`)).meta.total_count).toBe(0);
  });

  it("answers an empty page to text with no word to search", async () => {
    for (const q of ["the", "!!!", '"', "-"]) {
      const page = await list(key, `q=${encodeURIComponent(q)}`);
      expect(page.entries, q).toEqual([]);
      expect(page.meta.total_count, q).toBe(0);
    }
  });

  it.each([
    ["q=", "q must be 1 to 200 characters"],
    [`q=${"x".repeat(201)}`, "q must be 1 to 200 characters"],
    ["q=a%00b", "q must not contain NUL characters"],
  ])("refuses %s with 400", async (query, message) => {
    expect(await json(server.request(`${entriesPath}?${query}`, { key, invalid: true }), 400)).toEqual({ error: { message, type: "invalid_request_error" } });
  });

  it("never finds another account's text", async () => {
    const stranger = await newKey(server, { scopes: ["worklog:*"] });
    const page = await list(stranger, "q=deploy");
    expect(page.entries).toEqual([]);
    expect(page.meta.total_count).toBe(0);
  });
});
