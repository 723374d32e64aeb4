import { beforeAll, describe, expect, it } from "vitest";
import { newKey } from "../support/accounts";
import { outsideCalendarYears } from "../support/boundary-values";
import type { RequestOptions, TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";

// Dates at the edges of the calendar, 0001-01-01 to 9999-12-31 (docs/api.md, "Conventions"), in
// the zones furthest east and west: each request is answered, none keeps the server busy, and
// no answer writes a year past 9999 as a Date does (`+010000-01-01`) or one before year 1.

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

/** Only a hang exceeds it: a day's report of ten years takes well under a second. */
const HANG_MS = 30_000;

/** The request's answer, within a bound that only catches a hang; the server answers /api/live after it. */
async function answer(key: string, path: string, options: RequestOptions = {}): Promise<{ status: number; text: string }> {
  const response = await server.request(path, { key, ...options, signal: AbortSignal.timeout(HANG_MS) });
  const text = await response.text();
  const live = await fetch(`${server.url}/api/live`, { signal: AbortSignal.timeout(HANG_MS) });
  expect(live.status, `/api/live after ${path}`).toBe(200);
  expect(text, path).not.toMatch(outsideCalendarYears);
  return { status: response.status, text };
}

async function jsonAnswer<T>(key: string, path: string, status: number, options: RequestOptions = {}): Promise<T> {
  const { status: actual, text } = await answer(key, path, options);
  expect(actual, `${path}: ${text}`).toBe(status);
  return JSON.parse(text) as T;
}

async function account(timezone: string, weekStart = "monday") {
  const key = await newKey(server);
  await jsonAnswer(key, "/api/v1/user", 200, { method: "PUT", body: { timezone, week_start: weekStart } });
  return key;
}

type Report = {
  period: { from: string; to: string; start: string; end: string };
  previous_period: { from: string; to: string; start: string; end: string };
  totals: { tracked_seconds: number; entries: number };
  groups: { key: string; tracked_seconds: number }[];
};

const report = (key: string, query: string, status = 200) => jsonAnswer<Report>(key, `/api/v1/worklog/report?${query}`, status, { invalid: status !== 200 });

describe("a report over the calendar's last year", () => {
  let key: string;
  beforeAll(async () => {
    key = await account("UTC");
    await jsonAnswer(key, "/api/v1/worklog/entries", 201, {
      method: "POST",
      body: { content: "the last work", recorded_at: "9999-12-30T12:00:00Z", duration_seconds: 3600 },
    });
  });

  it("has every day of 9999, and its entry on its day", async () => {
    const body = await report(key, "group_by=day&from=9999-01-01&to=9999-12-31");
    expect(body.period).toEqual({ from: "9999-01-01", to: "9999-12-31", start: "9999-01-01T00:00:00.000Z", end: "9999-12-31T23:59:59.999Z" });
    expect(body.previous_period).toMatchObject({ from: "9998-01-01", to: "9998-12-31" });
    expect(body.groups).toHaveLength(365);
    expect([body.groups[0]!.key, body.groups.at(-1)!.key]).toEqual(["9999-01-01", "9999-12-31"]);
    expect(body.groups.filter((group) => group.tracked_seconds > 0)).toEqual([expect.objectContaining({ key: "9999-12-30", tracked_seconds: 3600 })]);
  });

  it("has its 53 weeks, from the Monday before 9999-01-01 (a Friday), and its 12 months", async () => {
    const weeks = await report(key, "group_by=week&from=9999-01-01&to=9999-12-31");
    expect(weeks.groups).toHaveLength(53);
    expect([weeks.groups[0]!.key, weeks.groups.at(-1)!.key]).toEqual(["9998-12-28", "9999-12-27"]);
    expect(weeks.groups.at(-1)!.tracked_seconds).toBe(3600);
    const months = await report(key, "group_by=month&from=9999-01-01&to=9999-12-31");
    expect(months.groups.map((group) => group.key)).toEqual(Array.from({ length: 12 }, (_, index) => `9999-${String(index + 1).padStart(2, "0")}`));
    expect(months.groups.at(-1)!.tracked_seconds).toBe(3600);
  });

  it("has the last day alone, by day, week and month", async () => {
    for (const [groupBy, group] of [
      ["day", "9999-12-31"],
      ["week", "9999-12-27"],
      ["month", "9999-12"],
    ]) {
      expect(
        (await report(key, `group_by=${groupBy}&from=9999-12-31&to=9999-12-31`)).groups.map((each) => each.key),
        groupBy,
      ).toEqual([group]);
    }
  });
});

describe("the calendar's first and last days in the zones furthest east and west", () => {
  // UTC+14 and UTC−12: the first day of the calendar begins before it in UTC+14, its last ends after it in UTC−12.
  const zones = { east: "Etc/GMT-14", west: "Etc/GMT+12" };

  it("bounds a report's instants by the calendar's, its days still those of the zone", async () => {
    const east = await account(zones.east);
    const west = await account(zones.west, "sunday");
    expect((await report(west, "group_by=day&from=9999-12-25&to=9999-12-31")).period).toEqual({
      from: "9999-12-25",
      to: "9999-12-31",
      start: "9999-12-25T12:00:00.000Z",
      end: "9999-12-31T23:59:59.999Z",
    });
    expect((await report(east, "group_by=week&from=9999-12-25&to=9999-12-31")).period).toMatchObject({
      start: "9999-12-24T10:00:00.000Z",
      end: "9999-12-31T09:59:59.999Z",
    });
    const first = await report(east, "group_by=day&from=0001-01-02&to=0001-01-02");
    expect(first.previous_period).toEqual({ from: "0001-01-01", to: "0001-01-01", start: "0001-01-01T00:00:00.000Z", end: "0001-01-01T09:59:59.999Z" });
    expect(first.groups.map((group) => group.key)).toEqual(["0001-01-02"]);
    expect((await report(west, "group_by=month&from=0001-02-01&to=0001-02-28")).groups.map((group) => group.key)).toEqual(["0001-02"]);
    // 0001-01-01 was a Monday: the calendar's first week by Sunday starts on its first day.
    expect((await report(west, "group_by=week&from=0001-01-02&to=0001-01-02")).groups.map((group) => group.key)).toEqual(["0001-01-01"]);
  });

  it("refuses a report whose previous period would begin before 0001-01-01, also by default", async () => {
    const east = await account(zones.east);
    for (const query of [
      "from=0001-01-01&to=0001-01-01",
      "to=0001-01-05",
      "from=0001-01-01T00:00:00Z&to=0001-01-03T00:00:00Z",
      "from=0001-01-02T00:00:00Z&to=0001-01-03T00:00:00Z",
    ]) {
      const body = await jsonAnswer<{ error: { message: string; type: string } }>(east, `/api/v1/worklog/report?group_by=day&${query}`, 400, { invalid: true });
      expect(body.error.type, query).toBe("invalid_request_error");
      expect(body.error.message, query).toMatch(/^from /);
    }
  });

  it("answers suggestions of a day at the calendar's end, and counts the days of a period, 92 at most", async () => {
    for (const zone of ["UTC", zones.east, zones.west]) {
      const key = await account(zone);
      expect(await jsonAnswer(key, "/api/v1/worklog/suggestions?from=9999-12-30&to=9999-12-30", 200)).toEqual({ suggestions: [] });
      expect(await jsonAnswer(key, "/api/v1/worklog/suggestions?from=9999-12-31&to=9999-12-31", 200)).toEqual({ suggestions: [] });
      expect(await jsonAnswer(key, "/api/v1/worklog/suggestions?from=9999-10-01&to=9999-12-31", 200)).toEqual({ suggestions: [] });
      expect(await jsonAnswer(key, "/api/v1/worklog/suggestions?from=9999-09-30&to=9999-12-31", 400, { invalid: true })).toEqual({
        error: { message: "from and to must span at most 92 days", type: "invalid_request_error" },
      });
      expect(await jsonAnswer(key, "/api/v1/worklog/suggestions?from=0001-01-01&to=0001-01-01", 200)).toEqual({ suggestions: [] });
    }
  });

  it("keeps entries at the ends of the timestamps' range, and shows them on days of the calendar in every zone", async () => {
    const instants = ["0001-01-02T00:00:00.000Z", "9999-12-30T23:59:59.999Z"];
    for (const [zone, days] of [
      [zones.east, ["0001-01-02", "9999-12-31"]],
      [zones.west, ["0001-01-01", "9999-12-30"]],
    ] as const) {
      const key = await account(zone);
      for (const recorded_at of instants)
        await jsonAnswer(key, "/api/v1/worklog/entries", 201, { method: "POST", body: { content: "at the edge", recorded_at, duration_seconds: 60 } });
      const list = await jsonAnswer<{ entries: { recorded_at: string }[] }>(key, "/api/v1/worklog/entries", 200);
      expect(list.entries.map((entry) => entry.recorded_at).sort()).toEqual(instants);
      const csv = await answer(key, "/api/v1/export?format=csv");
      expect(csv.status).toBe(200);
      const localDates = csv.text
        .trim()
        .split("\n")
        .slice(1)
        .map((line) => line.match(/,(\d{4}-\d{2}-\d{2}),\d{2}:\d{2},/)?.[1]);
      expect(localDates.sort(), zone).toEqual([...days]);
      expect((await answer(key, "/api/v1/export?format=markdown")).status).toBe(200);
      expect((await answer(key, "/api/v1/export?format=json")).status).toBe(200);
      const both = await jsonAnswer<{ entries: unknown[] }>(key, `/api/v1/worklog/entries?from=0001-01-01&to=9999-12-31`, 200);
      expect(both.entries).toHaveLength(2);
    }
  });
});

describe("dates and timestamps outside the calendar", () => {
  let key: string;
  beforeAll(async () => {
    key = await account("Etc/GMT+12");
  });

  it("are a 400 naming the query parameter", async () => {
    const cases: [string, string][] = [
      ["/api/v1/worklog/entries?from=0000-12-31", "from must be a date between 0001-01-01 and 9999-12-31"],
      ["/api/v1/worklog/entries?to=10000-01-01", "to must be a date (YYYY-MM-DD) or an RFC 3339 timestamp"],
      ["/api/v1/worklog/report?to=9999-12-31T23:00:00-12:00", "to must be a timestamp between 0001-01-02T00:00:00.000Z and 9999-12-30T23:59:59.999Z"],
      ["/api/v1/worklog/suggestions?from=0001-01-01T00:00:00Z", "from must be a timestamp between 0001-01-02T00:00:00.000Z and 9999-12-30T23:59:59.999Z"],
      [
        "/api/v1/worklog/entries?updated_since=9999-12-31T00:00:00Z",
        "updated_since must be a timestamp between 0001-01-02T00:00:00.000Z and 9999-12-30T23:59:59.999Z",
      ],
      ["/api/v1/export?from=0000-02-29", "from must be a date between 0001-01-01 and 9999-12-31"],
    ];
    for (const [path, message] of cases) {
      expect(await jsonAnswer(key, path, 400, { invalid: true }), path).toEqual({ error: { message, type: "invalid_request_error" } });
    }
  });

  it("are a 422 at the field of a body, and write nothing", async () => {
    const invalidAt = (pointer: string) => ({ errors: [{ title: "Invalid value", detail: "Invalid value", source: { pointer } }] });
    for (const recorded_at of ["9999-12-31T23:00:00-12:00", "10000-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "0000-12-31T00:00:00Z"]) {
      expect(
        await jsonAnswer(key, "/api/v1/worklog/entries", 422, { method: "POST", body: { content: "too late", recorded_at }, invalid: true }),
        recorded_at,
      ).toEqual(invalidAt("/recorded_at"));
    }
    expect(await jsonAnswer(key, "/api/v1/worklog/recaps", 422, { method: "POST", body: { from: "0000-12-31", to: "0001-01-31" }, invalid: true })).toEqual(
      invalidAt("/from"),
    );
    expect(
      await jsonAnswer(key, "/api/v1/import?format=jrnl", 422, {
        method: "POST",
        body: { entries: [{ date: "0001-01-01", time: "00:00", title: "Before the calendar in UTC", body: "" }] },
      }),
    ).toMatchObject({
      errors: [{ source: { pointer: "/entries/0/date" } }],
    });
    expect((await jsonAnswer<{ entries: unknown[] }>(key, "/api/v1/worklog/entries", 200)).entries).toEqual([]);
  });
});
