import { describe, expect, it } from "vitest";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "@/lib/auth/passwords";

describe("hashPassword and verifyPassword", () => {
  it("verifies the password that was hashed", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
  });

  it("rejects a wrong password", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts each hash, so the same password hashes differently", async () => {
    const [first, second] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(first).not.toBe(second);
    expect(await verifyPassword("same password", first)).toBe(true);
    expect(await verifyPassword("same password", second)).toBe(true);
  });

  it("stores scrypt with its parameters, a 16-byte salt and a 64-byte key in base64url", async () => {
    const stored = await hashPassword("pw");
    expect(stored.startsWith("scrypt$16384$8$1$")).toBe(true);
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
  });

  it("treats composed and decomposed Unicode as the same password", async () => {
    const composed = "caf\u00e9";
    const decomposed = "cafe\u0301";
    expect(composed).not.toBe(decomposed);
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
    expect(await verifyPassword(composed, await hashPassword(decomposed))).toBe(true);
  });

  it.each([
    ["an empty string", ""],
    ["a string without separators", "not a hash"],
    ["another scheme", "bcrypt$16384$8$1$c2FsdA$aGFzaA"],
    ["a missing hash", "scrypt$16384$8$1$c2FsdA"],
    ["an empty hash", "scrypt$16384$8$1$c2FsdA$"],
    ["an empty salt", "scrypt$16384$8$1$$aGFzaA"],

    ["non-numeric parameters", "scrypt$x$y$z$c2FsdA$aGFzaA"],
    ["parameters beyond the memory limit", "scrypt$1048576$8$1$c2FsdA$aGFzaA"],
    ["a hash that decodes to no bytes", "scrypt$16384$8$1$c2FsdA$!!!"],
  ])("verifies false without throwing for %s", async (_, stored) => {
    await expect(verifyPassword("pw", stored)).resolves.toBe(false);
  });
});

describe("verifyAgainstDummy", () => {
  it("resolves false, whatever the password", async () => {
    await expect(verifyAgainstDummy("dummy password, never matches")).resolves.toBe(false);
    await expect(verifyAgainstDummy("anything")).resolves.toBe(false);
  });
});
