// Where outbound webhooks may be delivered (lib/webhooks/destination.ts, README "Webhooks"), and
// their signatures as the Standard Webhooks library of a receiver verifies them.
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";
import { checkDestination, DestinationError, isAllowedHost, parseWebhookUrl, refusedAddressKind, type Resolver } from "@/lib/webhooks/destination";
import { newWebhookSecret, signedHeaders } from "@/lib/webhooks/signature";

describe("the kind of an address", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.4.2", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private (shared address space)"],
    ["fd12:3456::1", "private"],
    ["fc00::1", "private"],
    ["169.254.169.254", "the metadata address"],
    ["169.254.1.1", "link-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:a9fe:a9fe", "the metadata address"],
    ["::ffff:10.1.2.3", "private"],
    ["224.0.0.1", "multicast"],
    // IPv6 forms that carry an IPv4 address, which a gateway may reach: judged by that address.
    ["::127.0.0.1", "loopback"],
    ["::7f00:1", "loopback"],
    ["0:0:0:0:0:0:10.0.0.1", "private"],
    ["::ffff:0:127.0.0.1", "loopback"],
    ["::ffff:0:a9fe:a9fe", "the metadata address"],
    ["0:0:0:0:ffff:0:c0a8:101", "private"],
    ["64:ff9b::a00:1", "private"],
    ["64:ff9b::127.0.0.1", "loopback"],
    ["64:ff9b:1::7f00:1", "loopback"],
    ["64:ff9b:1:7f08:8:808:808:808", "loopback"],
    ["64:ff9b:1:80a:8:808:808:808", "private"],
    ["2002:7f00:1::", "loopback"],
    ["2002:a9fe:a9fe::1", "the metadata address"],
    ["2002:c0a8:101:1::1", "private"],
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", "loopback"],
    ["2001::f5ff:fffe", "private"],
  ])("refuses %s: %s", (address, kind) => {
    expect(refusedAddressKind(address)).toBe(kind);
  });

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700::1111",
    "::ffff:93.184.215.14",
    "::ffff:8.8.8.8",
    "::8.8.8.8",
    "::ffff:0:808:808",
    "64:ff9b::8.8.8.8",
    "64:ff9b:1:808:8:808:808:808",
    "2002:808:808::1",
    "2001:0:4136:e378:8000:63bf:f7f7:f7f7",
  ])("allows the public %s", (address) => {
    expect(refusedAddressKind(address)).toBeUndefined();
  });
});

describe("a webhook URL", () => {
  it.each([
    ["not a url", "is not a URL"],
    ["ftp://example.com/", "must be an https:// or http:// URL"],
    ["file:///etc/passwd", "must be an https:// or http:// URL"],
    ["https://user:secret@example.com/", "must not hold a user name or password"],
  ])("refuses %s by its form", (text, message) => {
    expect(() => parseWebhookUrl(text)).toThrow(new DestinationError(message));
  });

  const resolver =
    (answers: Record<string, string[]>): Resolver =>
    async (hostname) => {
      const addresses = answers[hostname];
      if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
      return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };
  const names = resolver({
    "hooks.example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
    "rebound.example.com": ["93.184.215.14", "127.0.0.1"],
    "internal.example.com": ["10.0.0.7"],
  });
  const check = (text: string, allowed: string[] = []) => checkDestination(parseWebhookUrl(text), allowed, names);

  it.each([
    ["http://127.0.0.1/", "resolves to 127.0.0.1, which is loopback"],
    ["http://[::1]:8080/", "resolves to ::1, which is loopback"],
    ["http://10.0.0.1/", "resolves to 10.0.0.1, which is private"],
    ["http://169.254.169.254/latest/meta-data/", "resolves to 169.254.169.254, which is the metadata address"],
    ["http://[::ffff:127.0.0.1]/", "resolves to ::ffff:7f00:1, which is loopback"],
    ["http://[::127.0.0.1]:3999/", "resolves to ::7f00:1, which is loopback"],
    ["http://[::ffff:0:127.0.0.1]:3999/", "resolves to ::ffff:0:7f00:1, which is loopback"],
    ["http://[64:ff9b:1::7f00:1]:3999/", "resolves to 64:ff9b:1::7f00:1, which is loopback"],
    ["http://[2002:7f00:1::]:3999/", "resolves to 2002:7f00:1::, which is loopback"],
    ["https://rebound.example.com/", "resolves to 127.0.0.1, which is loopback"],
    ["https://internal.example.com/", "resolves to 10.0.0.7, which is private"],
    ["https://nowhere.example.com/", "names a host, nowhere.example.com, that could not be resolved"],
  ])("refuses %s", async (text, message) => {
    await expect(check(text)).rejects.toThrow(message);
  });

  it("refuses localhost as the system resolves it", async () => {
    await expect(checkDestination(parseWebhookUrl("http://localhost:3000/"), [])).rejects.toThrow(/resolves to (127\.0\.0\.1|::1), which is loopback/);
  });

  it("allows a public host, and connects to the address checked", async () => {
    expect(await check("https://hooks.example.com/worklog")).toMatchObject({ address: "93.184.215.14", family: 4 });
  });

  it("allows an internal host that WEBHOOK_ALLOWED_HOSTS names, alone or with its port", async () => {
    expect(await check("http://127.0.0.1:4000/", ["127.0.0.1"])).toMatchObject({ address: "127.0.0.1" });
    expect(await check("http://127.0.0.1:4000/", ["127.0.0.1:4000"])).toMatchObject({ address: "127.0.0.1" });
    await expect(check("http://127.0.0.1:4001/", ["127.0.0.1:4000"])).rejects.toThrow("which is loopback");
    expect(await check("https://internal.example.com/", ["internal.example.com:443"])).toMatchObject({ address: "10.0.0.7" });
    expect(isAllowedHost(new URL("http://[::1]:80/"), ["[::1]"])).toBe(true);
  });
});

describe("WEBHOOK_ALLOWED_HOSTS", () => {
  const parse = (env: Record<string, string>) => parseConfig(env as NodeJS.ProcessEnv);

  it("is a list of host[:port] names, lower-cased, empty by default, and a wrong one is named", () => {
    expect(parse({}).webhookAllowedHosts).toEqual([]);
    expect(parse({ WEBHOOK_ALLOWED_HOSTS: " Hooks.Internal , 127.0.0.1:4000,[::1]" }).webhookAllowedHosts).toEqual([
      "hooks.internal",
      "127.0.0.1:4000",
      "[::1]",
    ]);
    expect(() => parse({ WEBHOOK_ALLOWED_HOSTS: "http://hooks.internal/" })).toThrow(ConfigError);
  });
});

describe("the signature", () => {
  it("is verified by the Standard Webhooks library with the secret, and by nothing else", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ type: "entry.created", timestamp: "2026-11-26T03:00:00.000Z", data: { id: "x" } });
    const headers = signedHeaders(secret, "01936f28-1a2b-7c3d-8e4f-5a6b7c8d9e0f", new Date(), body);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace("x", "y"), headers)).toThrow();
  });
});
