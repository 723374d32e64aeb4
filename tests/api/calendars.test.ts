// Calendars (docs/api.md, "Calendar feed", "Calendar subscriptions") against a real server: the
// feed's endpoints and its URL, and subscribed calendars fetched by the server's own worker from a
// receiver on the port of 127.0.0.1 that this server's WEBHOOK_ALLOWED_HOSTS names for this file
// (server-configs.ts), with the webhooks' protections: private addresses refused, no redirect
// followed, the size and the time bounded.
import { randomUUID } from "node:crypto";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { json } from "../support/responses";
import { newAccount } from "../support/accounts";
import { allowedPort, startReceiver, type Receiver, type Received } from "../support/receiver";

type Subscription = { id: string; url: string; name: string; last_fetched_at: string | null; last_error: string | null; created_at: string };

let server: TestServer;
let receiver: Receiver;
let origin: string;
const received: Received[] = [];
const hour = 3_600_000;

/** A UTC time of the iCalendar form, `before` milliseconds before the hour that began last. */
const icsTime = (before: number) =>
  new Date(Math.floor(Date.now() / hour) * hour - before)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** A team calendar: a daily standup of 15 minutes that began 3 days ago (3 times), and an hour's meeting yesterday. */
const teamCalendar = () => `BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//Tests//Tests//EN\r
BEGIN:VEVENT\r
UID:standup@tests\r
DTSTART:${icsTime(3 * 24 * hour + 2 * hour)}\r
DTEND:${icsTime(3 * 24 * hour + 1.75 * hour)}\r
RRULE:FREQ=DAILY;COUNT=3\r
SUMMARY:Standup\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:review@tests\r
DTSTART:${icsTime(24 * hour + 5 * hour)}\r
DTEND:${icsTime(24 * hour + 4 * hour)}\r
SUMMARY:Design review\r
END:VEVENT\r
END:VCALENDAR\r
`;

beforeAll(async () => {
  server = await sharedServer("webhooks");
  receiver = await startReceiver({
    port: allowedPort(server, 4),
    answer(request, response) {
      received.push(request);
      const path = new URL(request.path, origin).pathname;
      if (path === "/redirect.ics") return void response.writeHead(302, { location: `${origin}/followed.ics` }).end();
      if (path === "/big.ics") {
        response.writeHead(200, { "content-type": "text/calendar" });
        return void response.end(`BEGIN:VCALENDAR\r\n${"X-FILLER:".padEnd(1000, "x")}\r\n`.repeat(3000));
      }
      if (path === "/slow.ics") {
        response.writeHead(200, { "content-type": "text/calendar" });
        response.write("BEGIN:VCALENDAR\r\n");
        return; // never ends: the server's bound ends it
      }
      response.writeHead(200, { "content-type": "text/calendar" }).end(teamCalendar());
    },
  });
  origin = receiver.origin;
});

afterAll(async () => {
  await receiver?.close();
});

const subscribe = (key: string, path: string, name = "Team") =>
  json<Subscription>(server.request("/api/v1/calendar_subscriptions", { method: "POST", key, body: { url: `${origin}${path}`, name } }), 201);

/**
 * Waits for the server's worker: polls the subscriptions until the one of `id` has been fetched.
 * Four times a second: a slow calendar takes its 10 s, and the server this file shares with others
 * allows 500 requests a minute.
 */
async function fetched(key: string, id: string, polls = 600): Promise<Subscription> {
  for (let poll = 0; poll < polls; poll++) {
    const { calendar_subscriptions: list } = await json<{ calendar_subscriptions: Subscription[] }>(server.request("/api/v1/calendar_subscriptions", { key }));
    const subscription = list.find((each) => each.id === id);
    if (subscription?.last_fetched_at) return subscription;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`calendar ${id} was not fetched`);
}

describe("the calendar feed", () => {
  it("is created with a URL shown once, read by calendar apps without a session, and revoked", async () => {
    const { key } = await newAccount(server, { settings: { timezone: "Europe/Berlin" } });
    expect(await json(server.request("/api/v1/worklog/calendar_feed", { key }))).toEqual({ exists: false, created_at: null });
    await json(
      server.request("/api/v1/worklog/entries", {
        method: "POST",
        key,
        body: { content: "Release review\n\nNotes.", duration_seconds: 3600, recorded_at: new Date(Date.now() - 2 * hour).toISOString() },
      }),
      201,
    );
    const { url } = await json<{ url: string }>(server.request("/api/v1/worklog/calendar_feed", { method: "POST", key }), 201);
    const path = new URL(url).pathname;
    expect(path).toMatch(/^\/cal\/[A-Za-z0-9_-]{43}\.ics$/);
    const status = await json(server.request("/api/v1/worklog/calendar_feed", { key }));
    expect(status).toEqual({ exists: true, created_at: expect.any(String) });
    expect(JSON.stringify(status)).not.toContain(path.slice(5, 48));

    const feed = await server.request(path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const events = Object.values(ical.sync.parseICS(await feed.text())).filter((component): component is VEvent => component?.type === "VEVENT");
    expect(events.map((event) => event.summary)).toEqual(["Release review"]);
    expect((await server.request(path, { headers: { "if-none-match": feed.headers.get("etag")! } })).status).toBe(304);
    expect((await server.request(path, { headers: { "if-modified-since": feed.headers.get("last-modified")! } })).status).toBe(304);

    expect(await json(server.request("/api/v1/worklog/calendar_feed", { method: "DELETE", key }))).toEqual({ exists: false, created_at: null });
    expect((await server.request(path)).status).toBe(404);
    await json(server.request("/api/v1/worklog/calendar_feed", { method: "DELETE", key }), 404);
  });

  it("needs worklog:write to create or revoke, worklog:read to read", async () => {
    const { email } = await newAccount(server);
    const reader = await server.createKey(email, ["worklog:read"]);
    expect((await json(server.request("/api/v1/worklog/calendar_feed", { method: "POST", key: reader }), 403)).details.required_scope).toBe("worklog:write");
    expect((await json(server.request("/api/v1/worklog/calendar_feed", { method: "DELETE", key: reader }), 403)).details.required_scope).toBe("worklog:write");
    const neither = await server.createKey(email, ["user:read"]);
    expect((await json(server.request("/api/v1/worklog/calendar_feed", { key: neither }), 403)).details.required_scope).toBe("worklog:read");
  });
});

describe("calendar subscriptions", () => {
  it("are fetched by the server, their past meetings suggested (each time a recurring one occurs), dismissed by calendar event id", async () => {
    const { key } = await newAccount(server);
    const subscription = await subscribe(key, "/team.ics");
    expect(subscription).toMatchObject({ url: `${origin}/team.ics`, name: "Team", last_fetched_at: null, last_error: null });
    expect(await fetched(key, subscription.id)).toMatchObject({ last_error: null });
    const { suggestions } = await json(server.request("/api/v1/worklog/suggestions", { key }));
    const calendar = suggestions.filter((suggestion: { kind: string }) => suggestion.kind === "calendar");
    expect(
      calendar.map((suggestion: { title: string; calendar_event: { duration_seconds: number } }) => [
        suggestion.title,
        suggestion.calendar_event.duration_seconds,
      ]),
    ).toEqual([
      ["Standup", 900],
      ["Design review", 3600],
      ["Standup", 900],
      ["Standup", 900],
    ]);
    expect(calendar[1]).toMatchObject({ repository: null, commits: [], calendar_event: { subscription_id: subscription.id, calendar_name: "Team" } });
    const dismissed = await json(
      server.request("/api/v1/worklog/suggestions/dismiss", { method: "POST", key, body: { calendar_event_ids: [calendar[1].calendar_event.id] } }),
    );
    expect(dismissed).toEqual({ dismissed: { commits: 0, pull_requests: 0, calendar_events: 1 } });
    const after = await json(server.request("/api/v1/worklog/suggestions", { key }));
    expect(after.suggestions.filter((suggestion: { kind: string }) => suggestion.kind === "calendar")).toHaveLength(3);

    const stranger = await newAccount(server);
    await json(
      server.request("/api/v1/worklog/suggestions/dismiss", {
        method: "POST",
        key: stranger.key,
        body: { calendar_event_ids: [calendar[0].calendar_event.id] },
      }),
      404,
    );
    await json(server.request(`/api/v1/calendar_subscriptions/${subscription.id}`, { method: "DELETE", key: stranger.key }), 404);
    await json(server.request(`/api/v1/calendar_subscriptions/${randomUUID()}`, { method: "DELETE", key }), 404);
    expect(await json(server.request(`/api/v1/calendar_subscriptions/${subscription.id}`, { method: "DELETE", key }))).toMatchObject({ id: subscription.id });
    expect(await json(server.request("/api/v1/calendar_subscriptions", { key }))).toEqual({ calendar_subscriptions: [] });
    const gone = await json(server.request("/api/v1/worklog/suggestions", { key }));
    expect(gone.suggestions.filter((suggestion: { kind: string }) => suggestion.kind === "calendar")).toEqual([]);
  });

  it("refuses private addresses and URLs that are not http(s) with a 422 at /url", async () => {
    const { key } = await newAccount(server);
    const refusals: [string, RegExp][] = [
      ["http://127.0.0.1/team.ics", /resolves to 127\.0\.0\.1, which is loopback/],
      ["http://10.0.0.1/team.ics", /resolves to 10\.0\.0\.1, which is private/],
      ["http://169.254.169.254/latest/meta-data/", /which is the metadata address/],
      ["ftp://example.com/team.ics", /must be an https:\/\/ or http:\/\/ URL/],
      ["not a url", /is not a URL/],
    ];
    for (const [url, why] of refusals) {
      // A URL that is not one breaks the document's `format: uri` on purpose.
      const refused = await json(
        server.request("/api/v1/calendar_subscriptions", { method: "POST", key, body: { url, name: "Team" }, invalid: url === "not a url" }),
        422,
      );
      expect(refused.errors, url).toEqual([{ title: "Invalid value", detail: expect.stringMatching(why), source: { pointer: "/url" } }]);
    }
    const unnamed = await json(
      server.request("/api/v1/calendar_subscriptions", { method: "POST", key, body: { url: `${origin}/team.ics`, name: "" }, invalid: true }),
      422,
    );
    expect(unnamed.errors[0].source.pointer).toBe("/name");
    expect(await json(server.request("/api/v1/calendar_subscriptions", { key }))).toEqual({ calendar_subscriptions: [] });
  });

  it("need worklog:write to change them and worklog:read to list them", async () => {
    const { email } = await newAccount(server);
    const reader = await server.createKey(email, ["worklog:read"]);
    const refused = await json(
      server.request("/api/v1/calendar_subscriptions", { method: "POST", key: reader, body: { url: `${origin}/team.ics`, name: "Team" } }),
      403,
    );
    expect(refused.details.required_scope).toBe("worklog:write");
    expect((await json(server.request(`/api/v1/calendar_subscriptions/${randomUUID()}`, { method: "DELETE", key: reader }), 403)).details.required_scope).toBe(
      "worklog:write",
    );
    const neither = await server.createKey(email, ["user:read"]);
    expect((await json(server.request("/api/v1/calendar_subscriptions", { key: neither }), 403)).details.required_scope).toBe("worklog:read");
  });

  it("follow no redirect, and bound a calendar's size and time: each says why in last_error", async () => {
    const { key } = await newAccount(server);
    const redirected = await subscribe(key, "/redirect.ics", "Moved");
    const big = await subscribe(key, "/big.ics", "Big");
    const slow = await subscribe(key, "/slow.ics", "Slow");
    expect((await fetched(key, redirected.id)).last_error).toMatch(/answered 302, a redirect, which is not followed/);
    expect((await fetched(key, big.id)).last_error).toMatch(/larger than 2 MiB/);
    expect((await fetched(key, slow.id)).last_error).toMatch(/No whole answer within 10 s/);
    const { suggestions } = await json(server.request("/api/v1/worklog/suggestions", { key }));
    expect(suggestions.filter((suggestion: { kind: string }) => suggestion.kind === "calendar")).toEqual([]);
    expect(received.filter((request) => request.path === "/redirect.ics")).toHaveLength(1);
    expect(received.filter((request) => request.path === "/followed.ics")).toEqual([]);
  });
});
