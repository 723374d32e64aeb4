import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { json } from "../support/responses";
import { newKey } from "../support/accounts";

// GET /worklog/report over HTTP (docs/api.md, "Reports"); tests/db/report.test.ts covers the
// statement's days, weeks and months in a zone on each database.

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

type Figures = { tracked_seconds: number; entries: number; commits: number };
type Report = {
  group_by: string;
  time_zone: string;
  period: { from: string; to: string; start: string; end: string };
  previous_period: { from: string; to: string };
  totals: Figures;
  previous_totals: Figures;
  groups: (Figures & { key: string | null; label: string; share: number; previous: Figures | null; by_project: unknown[] | null })[];
};

const account = (settings?: Record<string, string>) => newKey(server, { scopes: ["worklog:*", "project:*", "user:*"], settings });

const report = (key: string, query: string) => json<Report>(server.request(`/api/v1/worklog/report?${query}`, { key }), 200);
const entry = (key: string, body: Record<string, unknown>) =>
  json<{ id: string }>(server.request("/api/v1/worklog/entries", { key, method: "POST", body: { content: "work", ...body } }), 201);

describe("GET /worklog/report", () => {
  let key: string;
  let alpha: string;
  beforeAll(async () => {
    key = await account({ timezone: "Asia/Tokyo" });
    alpha = (await json<{ id: string }>(server.request("/api/v1/projects", { key, method: "POST", body: { name: "Alpha" } }), 201)).id;
    // 00:30 on 3 November in Tokyo, which is still 2 November in UTC.
    await entry(key, { recorded_at: "2026-11-02T15:30:00Z", duration_seconds: 3600, project_id: alpha, tags: ["backend", "review"] });
    await entry(key, { recorded_at: "2026-11-04T01:00:00Z", duration_seconds: 1800, tags: ["backend"] });
    await entry(key, { recorded_at: "2026-11-04T02:00:00Z", duration_seconds: null });
    await entry(key, { recorded_at: "2026-10-30T01:00:00Z", duration_seconds: 7200, project_id: alpha });
  });

  it("adds up a period by project, with its share and the previous period of the same length", async () => {
    const body = await report(key, "from=2026-11-01&to=2026-11-07");
    expect(body).toMatchObject({
      group_by: "project",
      time_zone: "Asia/Tokyo",
      period: { from: "2026-11-01", to: "2026-11-07", start: "2026-10-31T15:00:00.000Z", end: "2026-11-07T14:59:59.999Z" },
      previous_period: { from: "2026-10-25", to: "2026-10-31" },
      totals: { tracked_seconds: 5400, entries: 3, commits: 0 },
      previous_totals: { tracked_seconds: 7200, entries: 1, commits: 0 },
    });
    expect(body.groups.map(({ key: group, label, tracked_seconds, share, previous }) => ({ group, label, tracked_seconds, share, previous }))).toEqual([
      { group: alpha, label: "Alpha", tracked_seconds: 3600, share: 3600 / 5400, previous: { tracked_seconds: 7200, entries: 1, commits: 0 } },
      { group: null, label: "No project", tracked_seconds: 1800, share: 1800 / 5400, previous: { tracked_seconds: 0, entries: 0, commits: 0 } },
    ]);
  });

  it("groups by tag (an entry in each of its tags), source, author, day, week and month in the account's zone", async () => {
    const byTag = await report(key, "from=2026-11-01&to=2026-11-07&group_by=tag");
    expect(byTag.groups.map((group) => [group.label, group.tracked_seconds, group.entries])).toEqual([
      ["#backend", 5400, 2],
      ["#review", 3600, 1],
      ["No tag", 0, 1],
    ]);
    expect((await report(key, "from=2026-11-01&to=2026-11-07&group_by=source")).groups.map((group) => [group.key, group.label, group.entries])).toEqual([
      ["api", "API", 3],
    ]);
    // By author: the caller, named as their account is (the entries' author.name), key their id; unnamed, "Unnamed author".
    const me = await json<{ id: string }>(server.request("/api/v1/user", { key }));
    const byAuthor = await report(key, "from=2026-11-01&to=2026-11-07&group_by=author");
    expect(byAuthor.groups.map((group) => [group.key, group.label, group.tracked_seconds, group.entries, group.previous, group.by_project])).toEqual([
      [me.id, "Unnamed author", 5400, 3, { tracked_seconds: 7200, entries: 1, commits: 0 }, null],
    ]);
    await json(server.request("/api/v1/user", { key, method: "PUT", body: { name: "Ada Lovelace" } }), 200);
    expect((await report(key, "from=2026-11-01&to=2026-11-07&group_by=author")).groups.map((group) => group.label)).toEqual(["Ada Lovelace"]);
    const byDay = await report(key, "from=2026-11-02&to=2026-11-04&group_by=day");
    expect(byDay.groups.map((group) => [group.key, group.tracked_seconds, group.previous])).toEqual([
      ["2026-11-02", 0, null],
      ["2026-11-03", 3600, null],
      ["2026-11-04", 1800, null],
    ]);
    expect(byDay.groups[1]!.by_project).toEqual([{ project_id: alpha, project_name: "Alpha", tracked_seconds: 3600, entries: 1, commits: 0 }]);
    expect((await report(key, "from=2026-11-01&to=2026-11-08&group_by=week")).groups.map((group) => [group.key, group.tracked_seconds])).toEqual([
      ["2026-10-26", 0],
      ["2026-11-02", 5400],
    ]);
    expect((await report(key, "from=2026-10-01&to=2026-11-30&group_by=month")).groups.map((group) => [group.key, group.tracked_seconds])).toEqual([
      ["2026-10", 7200],
      ["2026-11", 5400],
    ]);
  });

  it("takes the entries list's filters, and timestamps as bounds", async () => {
    const filtered = await report(key, `from=2026-11-01&to=2026-11-07&project_id=${alpha}&tags=review&source=api&q=work&author_id=me`);
    expect(filtered.totals).toEqual({ tracked_seconds: 3600, entries: 1, commits: 0 });
    const someoneElse = await report(key, "from=2026-11-01&to=2026-11-07&author_id=01a20117-2c44-73d4-bcc0-1dc6adc56f6f");
    expect(someoneElse.totals).toEqual({ tracked_seconds: 0, entries: 0, commits: 0 });
    const timed = await report(key, "from=2026-11-04T00:00:00Z&to=2026-11-04T23:59:59.999Z");
    expect(timed.totals.entries).toBe(2);
    expect(timed.previous_period).toEqual({
      from: "2026-11-03T00:00:00.000Z",
      to: "2026-11-03T23:59:59.999Z",
      start: "2026-11-03T00:00:00.000Z",
      end: "2026-11-03T23:59:59.999Z",
    });
  });

  it("covers the 30 days up to today by default, in a week that starts on Sunday where the account says so", async () => {
    const sundayKey = await account({ week_start: "sunday" });
    await entry(sundayKey, { duration_seconds: 60 });
    const body = await report(sundayKey, "group_by=week");
    expect(body.totals).toEqual({ tracked_seconds: 60, entries: 1, commits: 0 });
    expect(body.groups.every((group) => new Date(`${group.key}T00:00:00Z`).getUTCDay() === 0)).toBe(true);
    const days = (Date.parse(body.period.to) - Date.parse(body.period.from)) / 86_400_000 + 1;
    expect(days).toBe(30);
  });

  it("sees nothing of another account, not even through its project's id", async () => {
    const other = await account();
    await entry(other, { duration_seconds: 60 });
    expect((await report(other, `project_id=${alpha}`)).totals).toEqual({ tracked_seconds: 0, entries: 0, commits: 0 });
    expect((await report(other, "")).totals.entries).toBe(1);
  });

  it("answers 400 to bad parameters and 403 without worklog:read", async () => {
    const invalid = { invalid: true };
    for (const query of [
      "group_by=year",
      "from=2026-13-01",
      "to=yesterday",
      "from=2026-11-08&to=2026-11-01",
      "from=2000-01-01&to=2026-11-01",
      "project_id=42",
      "source=fax",
      "author_id=someone",
    ]) {
      const response = await server.request(`/api/v1/worklog/report?${query}`, { key, ...invalid });
      const body = await response.json();
      expect(response.status, query).toBe(400);
      expect(body.error.type, query).toBe("invalid_request_error");
    }
    const projectsOnly = await newKey(server, { scopes: ["project:read"] });
    expect((await server.request("/api/v1/worklog/report", { key: projectsOnly })).status).toBe(403);
  });
});
