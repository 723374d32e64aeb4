import { expect } from "vitest";
import type { TestServer } from "./server";
import { newKey } from "./accounts";

/** An account of plan pro with one entry on 2026-11-20 and a recap of that day: its key and the recap's id. */
export async function accountWithRecap(server: TestServer, scopes: string[], content: string): Promise<{ key: string; recapId: string }> {
  const key = await newKey(server, { scopes, plan: "pro" });
  const entry = await server.request("/api/v1/worklog/entries", { key, method: "POST", body: { content, recorded_at: "2026-11-20T10:00:00Z" } });
  expect(entry.status).toBe(201);
  const recap = await server.request("/api/v1/worklog/recaps", { key, method: "POST", body: { from: "2026-11-20", to: "2026-11-20" } });
  expect([200, 201]).toContain(recap.status);
  return { key, recapId: ((await recap.json()) as { id: string }).id };
}
