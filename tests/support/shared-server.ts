import { randomBytes } from "node:crypto";
import path from "node:path";
import { askControl } from "./control";
import { testBackend, type Backend } from "./databases";
import type { SharedServerInfo } from "./global-servers";
import { accountFixtures, adminCli, requester, type AdminOutput, type TestServer } from "./server";
import type { ServerConfigName } from "./server-configs";

const root = path.resolve(import.meta.dirname, "../..");

/** An address of the IPv6 documentation range, unique to this caller. */
export const uniqueClientAddress = () => `2001:db8:${randomBytes(6).toString("hex").match(/.{4}/g)!.join(":")}::1`;

/**
 * The server of a configuration (server-configs.ts) that every API test file asking for it
 * shares, on the project's database unless `backend` says otherwise. Nothing here may stop it
 * or assume its database is empty: a file makes its own accounts. Behind a trusted proxy, the
 * requests of each caller come from an address of their own.
 */
export async function sharedServer(config: ServerConfigName = "standard", { backend = testBackend() }: { backend?: Backend } = {}): Promise<TestServer> {
  const info = await askControl<SharedServerInfo>("/servers", { config, backend });
  const query = `?id=${encodeURIComponent(info.id)}`;
  return {
    url: info.url,
    backend: info.backend,
    env: info.env,
    logs: async () => (await askControl<{ logs: string }>(`/logs${query}`)).logs,
    admin: adminCli(root, info.env),
    ...accountFixtures((...argv) => askControl<AdminOutput>(`/fixture${query}`, { argv })),
    request: requester(info.url, info.trustsProxy ? uniqueClientAddress() : undefined),
  };
}
