// The cron route that runs due jobs where no worker runs between requests (Vercel): on a server
// with no worker of its own, a recap waits in the queue until the route is called with the
// right CRON_SECRET.
import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { newKey } from "../support/accounts";

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await sharedServer("cronOnly");
  key = await newKey(server, { scopes: ["worklog:*"], plan: "pro" });
});

const cron = (authorization?: string) => server.request("/api/cron/jobs", { headers: authorization === undefined ? {} : { authorization } });

describe("GET /api/cron/jobs", () => {
  it("refuses without the CRON_SECRET, or with a wrong one, running nothing", async () => {
    const created = await server.request("/api/v1/worklog/entries", { key, method: "POST", body: { content: "Wrote the queue" } });
    expect(created.status).toBe(201);
    const recap = await server.request("/api/v1/worklog/recaps", { key, method: "POST" });
    expect(recap.status).toBe(201);
    const { id } = (await recap.json()) as { id: string };

    const secret = server.env.CRON_SECRET!;
    for (const authorization of [
      undefined,
      "",
      `Bearer ${secret}x`,
      `Bearer ${secret.slice(0, -1)}`,
      secret,
      `Basic ${Buffer.from(`${secret}:`).toString("base64")}`,
    ]) {
      const refused = await cron(authorization);
      expect(refused.status, `authorization: ${authorization}`).toBe(401);
      expect(await refused.json()).toEqual({ error: { message: "Authentication required", type: "authentication_error" } });
    }
    const read = await server.request(`/api/v1/worklog/recaps/${id}`, { key });
    expect(await read.json()).toMatchObject({ id, status: "processing", content: null });
  });

  it("runs the due jobs with the right CRON_SECRET: a waiting recap is generated", async () => {
    const recap = await server.request("/api/v1/worklog/recaps", { key, method: "POST", body: { template: "standup" } });
    expect(recap.status).toBe(201);
    const { id } = (await recap.json()) as { id: string };

    const drained = await cron(`Bearer ${server.env.CRON_SECRET}`);
    expect(drained.status).toBe(200);
    const result = (await drained.json()) as Record<string, number>;
    // This file's recaps: the one above, and the one of the test before when it ran first.
    expect(result).toMatchObject({ retrying: 0, failed: 0, released: 0, lost: 0 });
    expect(result.completed).toBe(result.ran);
    expect(result.ran).toBeGreaterThanOrEqual(1);
    const read = await server.request(`/api/v1/worklog/recaps/${id}`, { key });
    expect(await read.json()).toMatchObject({ id, status: "completed", template: "standup", error: null });

    expect(await (await cron(`Bearer ${server.env.CRON_SECRET}`)).json()).toEqual({ ran: 0, completed: 0, retrying: 0, failed: 0, released: 0, lost: 0 });
  });
});
