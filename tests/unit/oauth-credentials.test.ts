import { describe, expect, it } from "vitest";
import { randomString } from "@/lib/crypto";
import { formatUserCode, generateTokenPair, generateUserCode, normalizeUserCode } from "@/lib/oauth/credentials";
import { describeScope } from "@/lib/oauth/scope-words";

describe("user codes", () => {
  it("are eight letters of BCDFGHJKLMNPQRSTVWXZ, shown as XXXX-XXXX", () => {
    const codes = Array.from({ length: 200 }, generateUserCode);
    for (const code of codes) expect(code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{8}$/);
    expect(new Set(codes).size).toBe(200);
    expect(formatUserCode("BCDFGHJK")).toBe("BCDF-GHJK");
  });

  it("are read case- and dash-insensitively", () => {
    expect(normalizeUserCode("bcdf-ghjk")).toBe("BCDFGHJK");
    expect(normalizeUserCode(" BcDf GhJk ")).toBe("BCDFGHJK");
    expect(normalizeUserCode("BCDFGHJK")).toBe("BCDFGHJK");
  });
});

describe("random strings", () => {
  it("use every character of a small alphabet, and only those", () => {
    const drawn = randomString("ABC", 3000);
    expect(drawn).toMatch(/^[ABC]{3000}$/);
    for (const letter of "ABC") expect(drawn.split(letter).length - 1).toBeGreaterThan(800);
  });
});

describe("token pairs", () => {
  it("are wlo_ and wlr_ with 40 base62 characters, different each time", () => {
    const first = generateTokenPair();
    const second = generateTokenPair();
    expect(first.accessToken).toMatch(/^wlo_[0-9A-Za-z]{40}$/);
    expect(first.refreshToken).toMatch(/^wlr_[0-9A-Za-z]{40}$/);
    expect(second.accessToken).not.toBe(first.accessToken);
  });
});

describe("scopes in plain words", () => {
  it.each([
    ["user:read", "See your profile (name, email, time zone)"],
    ["project:write", "Create, change and delete your projects"],
    ["repo:*", "See, create, change and delete your repositories and their commits"],
    ["worklog:read", "See your worklog entries and recaps"],
  ] as const)("%s", (scope, words) => {
    expect(describeScope(scope)).toBe(words);
  });
});
