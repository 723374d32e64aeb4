import { describe, expect, it } from "vitest";
import { apiKeyPattern, displayPrefix, generateApiKey } from "@/lib/auth/api-keys";
import { randomBase62, sha256Hex } from "@/lib/crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

describe("generateApiKey", () => {
  it("produces wl_ followed by 40 base62 characters", () => {
    const key = generateApiKey();
    expect(key).toMatch(/^wl_[0-9A-Za-z]{40}$/);
    expect(key).toMatch(apiKeyPattern);
  });

  it("never repeats a key over 1000 draws", () => {
    const keys = new Set(Array.from({ length: 1000 }, generateApiKey));
    expect(keys.size).toBe(1000);
  });
});

describe("apiKeyPattern", () => {
  const body = "a".repeat(40);

  it("accepts a well-formed key", () => {
    expect(apiKeyPattern.test(`wl_${body}`)).toBe(true);
    expect(apiKeyPattern.test(`wl_${BASE62.slice(0, 40)}`)).toBe(true);
  });

  it.each([
    ["39 characters", `wl_${"a".repeat(39)}`],
    ["41 characters", `wl_${"a".repeat(41)}`],
    ["a wrong prefix", `WL_${body}`],
    ["no prefix", body],
    ["a non-base62 character", `wl_${"a".repeat(39)}-`],
    ["surrounding whitespace", ` wl_${body}`],
  ])("rejects a key with %s", (_, key) => {
    expect(apiKeyPattern.test(key)).toBe(false);
  });
});

describe("displayPrefix", () => {
  it("keeps the first 8 characters", () => {
    expect(displayPrefix("wl_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd")).toBe("wl_AbCdE");
  });

  it("keeps a shorter string whole", () => {
    expect(displayPrefix("wl_ab")).toBe("wl_ab");
  });
});

describe("sha256Hex", () => {
  it("matches the published SHA-256 test vectors", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });
});

describe("randomBase62", () => {
  it("returns exactly the requested number of characters", () => {
    expect(randomBase62(0)).toBe("");
    expect(randomBase62(1)).toHaveLength(1);
    expect(randomBase62(257)).toHaveLength(257);
  });

  it("uses every one of the 62 base62 characters and nothing else", () => {
    const seen = new Set(randomBase62(62 * 200));
    expect([...seen].sort().join("")).toBe(BASE62);
  });
});
