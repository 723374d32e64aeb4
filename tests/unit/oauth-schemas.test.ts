import { describe, expect, it } from "vitest";
import { newClientSchema } from "@/lib/oauth/schemas";

describe("a new client's redirect URI", () => {
  const accepts = (redirect_uri: string) => newClientSchema.safeParse({ name: "Tool", redirect_uri }).success;

  it("is a plain-HTTP address on the user's own machine", () => {
    expect(accepts("http://127.0.0.1:8000/callback")).toBe(true);
    expect(accepts("http://localhost:9000/cb?x=1")).toBe(true);
    expect(newClientSchema.parse({ name: "Tool" }).redirect_uri).toBeUndefined();
  });

  it("is nowhere else: another host, HTTPS, or IPv6 loopback, which the pages' policy cannot name", () => {
    for (const uri of [
      "https://example.com/callback",
      "https://127.0.0.1:8000/callback",
      "http://127.0.0.1.example.com/cb",
      "http://[::1]:8000/callback",
      "http://10.0.0.1/cb",
      "not a url",
    ]) {
      expect(accepts(uri), uri).toBe(false);
    }
  });
});
