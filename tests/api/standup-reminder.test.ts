// GET/PUT /api/v1/workspace/standup_reminder (docs/api.md, "Standup reminders"): each member's
// own reminder, off by default, set per workspace; a bad time is a 422 at its field.
import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { newTeam } from "../support/team";

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer("standard");
});

const call = async (key: string, method: string, body?: unknown, invalid = false) => {
  const response = await server.request("/api/v1/workspace/standup_reminder", { key, method, body, invalid });
  return { status: response.status, body: await response.json() };
};

describe("standup reminder", () => {
  it("is off by default, set by each member for themselves", async () => {
    const team = await newTeam(server, "Reminders");
    expect(await call(team.member.key, "GET")).toEqual({
      status: 200,
      body: { enabled: false, remind_at: null, time_zone: "UTC", last_reminded_on: null },
    });
    const set = await call(team.member.key, "PUT", { enabled: true, remind_at: "16:30" });
    expect(set).toEqual({ status: 200, body: { enabled: true, remind_at: "16:30", time_zone: "UTC", last_reminded_on: null } });
    expect((await call(team.member.key, "GET")).body.enabled).toBe(true);
    expect((await call(team.admin.key, "GET")).body.enabled).toBe(false);
  });

  it("refuses a time that is not HH:MM at its field", async () => {
    const team = await newTeam(server, "Reminders");
    const refused = await call(team.member.key, "PUT", { enabled: true, remind_at: "25:00" }, true);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain("/remind_at");
    expect((await call(team.member.key, "GET")).body.remind_at).toBeNull();
  });
});
