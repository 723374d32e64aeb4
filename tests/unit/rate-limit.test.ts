// The window logic of both limiters (lib/rate-limit), the clock faked. The Upstash limiter runs
// @upstash/ratelimit unchanged against the machine's Redis through the local Upstash REST stand-in
// (tests/support/upstash-rest.ts): the library takes its windows from `Date.now()` in this process
// and Redis only counts per key, so faking `Date` alone moves its windows too, while its HTTP
// requests and timeouts run on real timers. It needs Redis on 127.0.0.1:6379, as the API tests do
// (.ci/run starts one).
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRateLimiter } from "@/lib/rate-limit/memory";
import type { RateLimiter } from "@/lib/rate-limit/types";
import { UpstashRateLimiter } from "@/lib/rate-limit/upstash";
import { startUpstashRest, type UpstashRest } from "../support/upstash-rest";

// 12:34:20 UTC: 40 s before the window ends at 12:35:00.
const start = new Date("2026-03-14T12:34:20.000Z");
const endOfMinute = Date.parse("2026-03-14T12:35:00.000Z");

let upstash: Promise<UpstashRest> | undefined;
const upstashStandIn = () => (upstash ??= startUpstashRest({ token: `token-${randomUUID()}` }));

afterAll(async () => {
  await (await upstash)?.stop();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(start);
});

afterEach(() => {
  vi.useRealTimers();
});

type Limiters = { name: string; create: (limit: number, windowMs: number) => Promise<RateLimiter> };

const limiters: Limiters[] = [
  { name: "MemoryRateLimiter", create: async (limit, windowMs) => new MemoryRateLimiter(limit, windowMs) },
  {
    name: "UpstashRateLimiter",
    // Every run counts under a prefix of its own: the faked clock gives every run the same windows in
    // the shared Redis. Patient, so that a slow machine does not turn a late answer into an unlimited pass.
    create: async (limit, windowMs) => new UpstashRateLimiter(await upstashStandIn(), limit, `test:${randomUUID()}`, windowMs, 30_000),
  },
];

async function checkTimes(limiter: RateLimiter, identifier: string, times: number) {
  const decisions = [];
  for (let i = 0; i < times; i++) decisions.push(await limiter.check(identifier));
  return decisions;
}

describe.each(limiters)("$name", ({ create }) => {
  it("counts the remaining requests down exactly", async () => {
    const decisions = await checkTimes(await create(5, 60_000), "account", 5);
    expect(decisions).toEqual([4, 3, 2, 1, 0].map((remaining) => ({ allowed: true, limit: 5, remaining, resetAt: endOfMinute })));
  });

  it("refuses every request past the limit, with nothing remaining", async () => {
    const limiter = await create(3, 60_000);
    await checkTimes(limiter, "account", 3);
    const refused = await checkTimes(limiter, "account", 3);
    expect(refused).toEqual(Array(3).fill({ allowed: false, limit: 3, remaining: 0, resetAt: endOfMinute }));
  });

  it("counts each identifier on its own", async () => {
    const limiter = await create(2, 60_000);
    await checkTimes(limiter, "alice", 2);
    expect((await limiter.check("alice")).allowed).toBe(false);
    expect(await limiter.check("bob")).toEqual({ allowed: true, limit: 2, remaining: 1, resetAt: endOfMinute });
    expect((await limiter.check("alice")).allowed).toBe(false);
  });

  it("starts afresh in the next minute", async () => {
    const limiter = await create(2, 60_000);
    await checkTimes(limiter, "account", 3);

    vi.setSystemTime(endOfMinute - 1);
    expect(await limiter.check("account")).toEqual({ allowed: false, limit: 2, remaining: 0, resetAt: endOfMinute });

    vi.setSystemTime(endOfMinute);
    expect(await limiter.check("account")).toEqual({ allowed: true, limit: 2, remaining: 1, resetAt: endOfMinute + 60_000 });
  });

  it("resets at the end of the calendar minute, not 60 s after the first request", async () => {
    const limiter = await create(10, 60_000);
    expect((await limiter.check("account")).resetAt).toBe(endOfMinute);
    vi.setSystemTime(endOfMinute - 1);
    expect((await limiter.check("account")).resetAt).toBe(endOfMinute);
    vi.setSystemTime(endOfMinute + 59_999);
    expect((await limiter.check("account")).resetAt).toBe(endOfMinute + 60_000);
  });

  it("aligns a window of another length to multiples of it, as RATE_LIMIT_WINDOW_SECONDS may make it", async () => {
    const limiter = await create(1, 2_000);
    // 12:34:20 lies in the window from 12:34:20 to 12:34:22.
    expect(await limiter.check("account")).toMatchObject({ allowed: true, resetAt: start.getTime() + 2_000 });
    vi.setSystemTime(start.getTime() + 1_999);
    expect(await limiter.check("account")).toMatchObject({ allowed: false, resetAt: start.getTime() + 2_000 });
    vi.setSystemTime(start.getTime() + 2_000);
    expect(await limiter.check("account")).toEqual({ allowed: true, limit: 1, remaining: 0, resetAt: start.getTime() + 4_000 });
  });

  it("peek counts nothing and refuses once the limit is used up, until the window ends", async () => {
    const fifteenMinutes = 15 * 60_000;
    const limiter = await create(2, fifteenMinutes);
    expect(await limiter.peek("account")).toMatchObject({ allowed: true, remaining: 2 });
    expect(await limiter.peek("account")).toMatchObject({ allowed: true, remaining: 2 });
    await checkTimes(limiter, "account", 2);
    const refused = await limiter.peek("account");
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    // Windows are aligned to multiples of their length: 12:30 to 12:45.
    expect(refused.resetAt).toBe(Date.parse("2026-03-14T12:45:00.000Z"));
    expect(await limiter.peek("other")).toMatchObject({ allowed: true });

    vi.setSystemTime(endOfMinute);
    expect(await limiter.peek("account")).toMatchObject({ allowed: false });
    vi.setSystemTime(refused.resetAt);
    expect(await limiter.peek("account")).toMatchObject({ allowed: true, remaining: 2 });
  });
});

describe("UpstashRateLimiter beyond the window", () => {
  it("answers an identifier over its limit from memory until its window ends, without asking Redis", async () => {
    const standIn = await upstashStandIn();
    const limiter = new UpstashRateLimiter(standIn, 1, `test:${randomUUID()}`, 60_000, 30_000);
    await checkTimes(limiter, "account", 2);
    const asked = standIn.requests();
    expect(await checkTimes(limiter, "account", 3)).toEqual(Array(3).fill({ allowed: false, limit: 1, remaining: 0, resetAt: endOfMinute }));
    expect(standIn.requests()).toBe(asked);

    vi.setSystemTime(endOfMinute);
    expect(await limiter.check("account")).toMatchObject({ allowed: true, resetAt: endOfMinute + 60_000 });
    expect(standIn.requests()).toBeGreaterThan(asked);
  });

  it("lets requests through when Redis cannot be reached, saying so loudly at most once a minute", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      // Nothing listens on port 1 (tcpmux).
      const limiter = new UpstashRateLimiter({ url: "http://127.0.0.1:1", token: "unused" }, 2, `test:${randomUUID()}`, 60_000, 30_000);
      expect(await checkTimes(limiter, "account", 3)).toEqual(Array(3).fill({ allowed: true, limit: 2, remaining: 2, resetAt: endOfMinute }));
      expect(await limiter.peek("account")).toEqual({ allowed: true, limit: 2, remaining: 2, resetAt: endOfMinute });
      expect(errors).toHaveBeenCalledTimes(1);
      expect(errors.mock.calls[0]![0]).toMatch(/UPSTASH REDIS IS UNAVAILABLE/);

      vi.setSystemTime(start.getTime() + 59_999);
      await limiter.check("account");
      expect(errors).toHaveBeenCalledTimes(1);
      vi.setSystemTime(start.getTime() + 60_000);
      expect(await limiter.check("account")).toEqual({ allowed: true, limit: 2, remaining: 2, resetAt: endOfMinute + 60_000 });
      expect(errors).toHaveBeenCalledTimes(2);
    } finally {
      errors.mockRestore();
    }
  });
});
