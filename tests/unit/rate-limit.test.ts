import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRateLimiter } from "@/lib/rate-limit/memory";

// 12:34:20 UTC: 40 s before the window ends at 12:35:00.
const start = new Date("2026-03-14T12:34:20.000Z");
const endOfMinute = Date.parse("2026-03-14T12:35:00.000Z");

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(start);
});

afterEach(() => {
  vi.useRealTimers();
});

async function checkTimes(limiter: MemoryRateLimiter, identifier: string, times: number) {
  const decisions = [];
  for (let i = 0; i < times; i++) decisions.push(await limiter.check(identifier));
  return decisions;
}

describe("MemoryRateLimiter", () => {
  it("counts the remaining requests down exactly", async () => {
    const decisions = await checkTimes(new MemoryRateLimiter(5, 60_000), "account", 5);
    expect(decisions).toEqual([4, 3, 2, 1, 0].map((remaining) => ({ allowed: true, limit: 5, remaining, resetAt: endOfMinute })));
  });

  it("refuses every request past the limit, with nothing remaining", async () => {
    const limiter = new MemoryRateLimiter(3, 60_000);
    await checkTimes(limiter, "account", 3);
    const refused = await checkTimes(limiter, "account", 3);
    expect(refused).toEqual(Array(3).fill({ allowed: false, limit: 3, remaining: 0, resetAt: endOfMinute }));
  });

  it("counts each identifier on its own", async () => {
    const limiter = new MemoryRateLimiter(2, 60_000);
    await checkTimes(limiter, "alice", 2);
    expect((await limiter.check("alice")).allowed).toBe(false);
    expect(await limiter.check("bob")).toEqual({ allowed: true, limit: 2, remaining: 1, resetAt: endOfMinute });
    expect((await limiter.check("alice")).allowed).toBe(false);
  });

  it("starts afresh in the next minute", async () => {
    const limiter = new MemoryRateLimiter(2, 60_000);
    await checkTimes(limiter, "account", 3);

    vi.setSystemTime(endOfMinute - 1);
    expect((await limiter.check("account")).allowed).toBe(false);

    vi.setSystemTime(endOfMinute);
    expect(await limiter.check("account")).toEqual({ allowed: true, limit: 2, remaining: 1, resetAt: endOfMinute + 60_000 });
  });

  it("resets at the end of the calendar minute, not 60 s after the first request", async () => {
    const limiter = new MemoryRateLimiter(10, 60_000);
    expect((await limiter.check("account")).resetAt).toBe(endOfMinute);
    vi.setSystemTime(endOfMinute - 1);
    expect((await limiter.check("account")).resetAt).toBe(endOfMinute);
    vi.setSystemTime(endOfMinute + 59_999);
    expect((await limiter.check("account")).resetAt).toBe(endOfMinute + 60_000);
  });
});

describe("MemoryRateLimiter with a window of its own, and peek", () => {
  const fifteenMinutes = 15 * 60_000;

  it("peek counts nothing and refuses once the limit is used up, until the window ends", async () => {
    const limiter = new MemoryRateLimiter(2, fifteenMinutes);
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
