import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { json } from "../support/responses";
import { newKey, newAccount } from "../support/accounts";

// The timer (docs/api.md, "Timer"): one running entry per account, started, read and stopped.

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

type Entry = { id: string; content: string; running: boolean; duration_seconds: number | null; recorded_at: string; project_id: string | null; tags: string[] };

const timerScopes = ["worklog:*", "project:*"];

const start = (key: string, body: unknown = {}, status = 201) =>
  json<{ timer: Entry; stopped: Entry | null }>(server.request("/api/v1/worklog/timer", { key, method: "POST", body }), status);
const current = (key: string) => json<{ timer: Entry | null }>(server.request("/api/v1/worklog/timer", { key }), 200);
const stop = (key: string) => server.request("/api/v1/worklog/timer/stop", { key, method: "POST" });

describe("the timer", () => {
  it("starts a running entry that lists show without a duration, and stops it with one", async () => {
    const key = await newKey(server, { scopes: timerScopes });
    expect(await current(key)).toEqual({ timer: null });
    const project = await json<{ id: string }>(server.request("/api/v1/projects", { key, method: "POST", body: { name: "Timed" } }), 201);
    const { timer, stopped } = await start(key, { content: "Pairing on the importer", tags: ["Pairing"], project_id: project.id });
    expect(stopped).toBeNull();
    expect(timer).toMatchObject({ content: "Pairing on the importer", running: true, duration_seconds: null, tags: ["pairing"], project_id: project.id });
    expect((await current(key)).timer).toEqual(timer);
    const listed = await json<{ entries: Entry[] }>(server.request("/api/v1/worklog/entries", { key }), 200);
    expect(listed.entries).toEqual([expect.objectContaining({ id: timer.id, running: true, duration_seconds: null })]);

    const ended = await json<{ timer: Entry }>(stop(key), 200);
    expect(ended.timer).toMatchObject({ id: timer.id, running: false });
    expect(ended.timer.duration_seconds).toBeGreaterThanOrEqual(1);
    expect(Date.parse(ended.timer.recorded_at)).toBeGreaterThanOrEqual(Date.parse(timer.recorded_at));
    expect(await current(key)).toEqual({ timer: null });
  });

  it("stops the running timer when another starts, and content defaults to Timer", async () => {
    const key = await newKey(server, { scopes: timerScopes });
    const first = (await start(key)).timer;
    expect(first.content).toBe("Timer");
    const second = await start(key, { content: "Next thing" });
    expect(second.stopped).toMatchObject({ id: first.id, running: false });
    expect(second.stopped!.duration_seconds).toBeGreaterThanOrEqual(1);
    expect((await current(key)).timer!.id).toBe(second.timer.id);
  });

  it("leaves exactly one running entry after concurrent starts", async () => {
    const key = await newKey(server, { scopes: timerScopes });
    const started = await Promise.all(Array.from({ length: 6 }, (_, index) => start(key, { content: `start ${index}` })));
    const running = (await json<{ entries: Entry[] }>(server.request("/api/v1/worklog/entries?limit=100", { key }), 200)).entries.filter(
      (entry) => entry.running,
    );
    expect(running).toHaveLength(1);
    expect(started.filter(({ stopped }) => stopped === null)).toHaveLength(1);
    expect((await current(key)).timer!.id).toBe(running[0]!.id);
  });

  it("orders the entries of starts and stops sent at once from two keys: none overlaps, none ends before it starts", async () => {
    const account = await newAccount(server, { scopes: timerScopes });
    const keys = [account.key, await server.createKey(account.email, timerScopes)];
    const project = await json<{ id: string }>(server.request("/api/v1/projects", { key: keys[0]!, method: "POST", body: { name: "Raced" } }), 201);
    // Starts with a project and without, and stops, each key sending its share of them.
    const calls = Array.from({ length: 30 }, async (_, index): Promise<Entry | null> => {
      const key = keys[index % 2]!;
      if (index % 3 === 2) {
        // A stop finds a timer running, or none.
        const response = await stop(key);
        expect([200, 404]).toContain(response.status);
        await response.arrayBuffer();
        return null;
      }
      return (await start(key, { content: `start ${index}`, ...(index % 3 === 1 && { project_id: project.id }) })).timer;
    });
    // A running entry's recorded_at is when it started; a stopped one's when it stopped.
    const started = (await Promise.all(calls)).filter((timer) => timer !== null);
    const startedAt = new Map(started.map((timer) => [timer.id, Date.parse(timer.recorded_at)]));
    const entries = (await json<{ entries: Entry[] }>(server.request("/api/v1/worklog/entries?limit=100", { key: keys[0]! }), 200)).entries;
    expect(entries.map((entry) => entry.id).sort()).toEqual([...startedAt.keys()].sort());
    const stopped = entries
      .filter((entry) => !entry.running)
      .map((entry) => ({ id: entry.id, start: startedAt.get(entry.id)!, end: Date.parse(entry.recorded_at) }))
      .sort((a, b) => a.start - b.start || a.end - b.end);
    expect(stopped.length).toBeGreaterThan(0);
    for (const entry of stopped) expect(entry.end, `${entry.id} ends before it starts`).toBeGreaterThanOrEqual(entry.start);
    for (const [index, entry] of stopped.slice(1).entries())
      expect(entry.start, `${entry.id} starts before ${stopped[index]!.id} ends`).toBeGreaterThanOrEqual(stopped[index]!.end);
    const running = entries.filter((entry) => entry.running);
    expect(running.length).toBeLessThanOrEqual(1);
    for (const timer of running) expect(Date.parse(timer.recorded_at)).toBeGreaterThanOrEqual(Math.max(...stopped.map((entry) => entry.end)));
  });

  it("keeps a running entry running through an edit without a duration, its start moved", async () => {
    const key = await newKey(server, { scopes: timerScopes });
    const { timer } = await start(key);
    const earlier = new Date(Date.parse(timer.recorded_at) - 11 * 3600_000).toISOString();
    const edited = await json<Entry>(
      server.request(`/api/v1/worklog/entries/${timer.id}`, { key, method: "PUT", body: { recorded_at: earlier, content: "Left running" } }),
      200,
    );
    expect(edited).toMatchObject({ running: true, duration_seconds: null, recorded_at: earlier, content: "Left running" });
    expect((await current(key)).timer).toMatchObject({ id: timer.id, recorded_at: earlier });
    const ended = await json<{ timer: Entry }>(stop(key), 200);
    expect(ended.timer.duration_seconds).toBeGreaterThanOrEqual(11 * 3600);
  });

  it("stops a running entry given a duration, and counts a running one in reports up to now", async () => {
    const key = await newKey(server, { scopes: timerScopes });
    const { timer } = await start(key);
    const report = await json<{ totals: { tracked_seconds: number; entries: number } }>(server.request("/api/v1/worklog/report", { key }), 200);
    expect(report.totals.entries).toBe(1);
    expect(report.totals.tracked_seconds).toBeGreaterThanOrEqual(1);
    const edited = await json<Entry>(server.request(`/api/v1/worklog/entries/${timer.id}`, { key, method: "PUT", body: { duration_seconds: 600 } }), 200);
    expect(edited).toMatchObject({ running: false, duration_seconds: 600 });
    expect(await current(key)).toEqual({ timer: null });
  });

  it("exports a running entry as stopped at the export's time", async () => {
    const key = await newKey(server, { scopes: ["worklog:*", "project:*", "repo:*", "user:read"] });
    const { timer } = await start(key);
    const exported = await json<{ exported_at: string; entries: Entry[] }>(server.request("/api/v1/export", { key }), 200);
    const entry = exported.entries.find((candidate) => candidate.id === timer.id)!;
    expect(entry).toMatchObject({ running: false, recorded_at: exported.exported_at });
    expect(entry.duration_seconds).toBeGreaterThanOrEqual(1);
  });

  it("answers 404 to a stop without a timer, 422 to bad input or another account's project, 403 without worklog:write", async () => {
    const key = await newKey(server, { scopes: timerScopes });
    const response = await stop(key);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { message: "Could not find the requested resource", type: "not_found_error" } });
    const otherKey = await newKey(server, { scopes: timerScopes });
    const foreign = await json<{ id: string }>(server.request("/api/v1/projects", { key: otherKey, method: "POST", body: { name: "Theirs" } }), 201);
    const refused = await json<{ errors: { source: { pointer: string } }[] }>(
      server.request("/api/v1/worklog/timer", { key, method: "POST", body: { project_id: foreign.id } }),
      422,
    );
    expect(refused.errors[0]!.source.pointer).toBe("/project_id");
    const invalid = await json<{ errors: { source: { pointer: string } }[] }>(
      server.request("/api/v1/worklog/timer", { key, method: "POST", body: { content: "", tags: "x" }, invalid: true }),
      422,
    );
    expect(invalid.errors.map((error) => error.source.pointer).sort()).toEqual(["/content", "/tags"]);
    expect(await current(key)).toEqual({ timer: null });
    const readOnly = await newKey(server, { scopes: ["worklog:read"] });
    expect((await server.request("/api/v1/worklog/timer", { key: readOnly, method: "POST", body: {} })).status).toBe(403);
    expect((await stop(readOnly)).status).toBe(403);
  });

  it("starts and stops at the times a device that was offline tells, stopping only the entry it names", async () => {
    const key = await newKey(server, { scopes: timerScopes });
    const startedAt = new Date(Date.now() - 3 * 3600_000);
    const stoppedAt = new Date(startedAt.getTime() + 5400_000);
    const { timer } = await start(key, { content: "On the train", started_at: startedAt.toISOString() });
    expect(timer.recorded_at).toBe(startedAt.toISOString());
    const stopBody = (body: unknown) => server.request("/api/v1/worklog/timer/stop", { key, method: "POST", body });
    // Another device's newer timer runs: a stop meant for the first one leaves it running.
    const newer = await start(key, { content: "At the desk" });
    expect(newer.stopped).toMatchObject({ id: timer.id, running: false });
    expect((await stopBody({ entry_id: timer.id, stopped_at: stoppedAt.toISOString() })).status).toBe(404);
    expect((await current(key)).timer!.id).toBe(newer.timer.id);

    const later = await start(key, { content: "Offline again", started_at: startedAt.toISOString() });
    const ended = await json<{ timer: Entry }>(stopBody({ entry_id: later.timer.id, stopped_at: stoppedAt.toISOString() }), 200);
    expect(ended.timer).toMatchObject({ id: later.timer.id, running: false, duration_seconds: 5400, recorded_at: stoppedAt.toISOString() });

    const tooOld = new Date(Date.now() - 8 * 86400_000).toISOString();
    const future = new Date(Date.now() + 3600_000).toISOString();
    for (const [body, pointer] of [
      [{ started_at: tooOld }, "/started_at"],
      [{ started_at: future }, "/started_at"],
    ] as const) {
      const refused = await json<{ errors: { source: { pointer: string } }[] }>(
        server.request("/api/v1/worklog/timer", { key, method: "POST", body, invalid: true }),
        422,
      );
      expect(refused.errors[0]!.source.pointer).toBe(pointer);
    }
    await start(key);
    const refusedStop = await json<{ errors: { source: { pointer: string } }[] }>(
      server.request("/api/v1/worklog/timer/stop", { key, method: "POST", body: { stopped_at: future, entry_id: "nope" }, invalid: true }),
      422,
    );
    expect(refusedStop.errors.map((error) => error.source.pointer).sort()).toEqual(["/entry_id", "/stopped_at"]);
    expect((await current(key)).timer).not.toBeNull();
  });
});
