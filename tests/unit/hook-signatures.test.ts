import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { githubSignature, verifyDelivery } from "@/lib/hooks/signatures";

const secret = "It's a Secret to Everybody";
const body = new TextEncoder().encode("Hello, World!");

describe("GitHub's X-Hub-Signature-256", () => {
  it("is the HMAC-SHA256 of the body, as GitHub's documentation computes it for its example", () => {
    // docs.github.com, "Validating webhook deliveries": this secret and payload give this signature.
    expect(githubSignature(secret, body)).toBe("sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17");
  });

  it("verifies the body's own signature only", () => {
    const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
    expect(verifyDelivery("github", secret, body, signature)).toBe(true);
    expect(verifyDelivery("github", secret, body, signature.toUpperCase().replace("SHA256=", "sha256="))).toBe(true);
    expect(verifyDelivery("github", secret, new TextEncoder().encode("Hello, World?"), signature)).toBe(false);
    expect(verifyDelivery("github", "another secret", body, signature)).toBe(false);
    expect(verifyDelivery("github", secret, body, signature.replace("sha256=", "sha1="))).toBe(false);
    expect(verifyDelivery("github", secret, body, signature.slice(0, -2))).toBe(false);
    expect(verifyDelivery("github", secret, body, "")).toBe(false);
    expect(verifyDelivery("github", secret, body, null)).toBe(false);
  });
});

describe("GitLab's X-Gitlab-Token", () => {
  it("is the secret itself", () => {
    expect(verifyDelivery("gitlab", secret, body, secret)).toBe(true);
    expect(verifyDelivery("gitlab", secret, body, `${secret} `)).toBe(false);
    expect(verifyDelivery("gitlab", secret, body, secret.slice(1))).toBe(false);
    expect(verifyDelivery("gitlab", secret, body, "")).toBe(false);
    expect(verifyDelivery("gitlab", secret, body, null)).toBe(false);
  });
});
