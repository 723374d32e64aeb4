import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { githubSignature, verifyForgeDelivery } from "@/lib/forge-hooks/verification";

const secret = "It's a Secret to Everybody";
const body = new TextEncoder().encode("Hello, World!");

describe("verifying a GitHub delivery (X-Hub-Signature-256)", () => {
  it("is the HMAC-SHA256 of the body, as GitHub's documentation computes it for its example", () => {
    // docs.github.com, "Validating webhook deliveries": this secret and payload give this signature.
    expect(githubSignature(secret, body)).toBe("sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17");
  });

  it("verifies the body's own signature only", () => {
    const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
    expect(verifyForgeDelivery("github", secret, body, signature)).toBe(true);
    expect(verifyForgeDelivery("github", secret, body, signature.toUpperCase().replace("SHA256=", "sha256="))).toBe(true);
    expect(verifyForgeDelivery("github", secret, new TextEncoder().encode("Hello, World?"), signature)).toBe(false);
    expect(verifyForgeDelivery("github", "another secret", body, signature)).toBe(false);
    expect(verifyForgeDelivery("github", secret, body, signature.replace("sha256=", "sha1="))).toBe(false);
    expect(verifyForgeDelivery("github", secret, body, signature.slice(0, -2))).toBe(false);
    expect(verifyForgeDelivery("github", secret, body, "")).toBe(false);
    expect(verifyForgeDelivery("github", secret, body, null)).toBe(false);
  });
});

describe("verifying a GitLab delivery (X-Gitlab-Token)", () => {
  it("is the secret itself", () => {
    expect(verifyForgeDelivery("gitlab", secret, body, secret)).toBe(true);
    expect(verifyForgeDelivery("gitlab", secret, body, `${secret} `)).toBe(false);
    expect(verifyForgeDelivery("gitlab", secret, body, secret.slice(1))).toBe(false);
    expect(verifyForgeDelivery("gitlab", secret, body, "")).toBe(false);
    expect(verifyForgeDelivery("gitlab", secret, body, null)).toBe(false);
  });
});
