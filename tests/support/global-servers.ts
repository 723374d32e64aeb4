// Global setup of the API project: the app is built once, then one `next start` per server
// configuration (server-configs.ts) and database serves every test file that asks for it
// (shared-server.ts), started on first use. Files stay independent by making accounts of their
// own. At the end, a shared server that logged a failed request (a 500) or an uncaught error
// fails the run, whichever test caused it.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/build.mjs";
import { migratedTemplate, type Backend } from "./databases";
import { startMailbox } from "./mailbox";
import { launchServer, type PrivateServer } from "./server";
import { serverConfigs, startServices, type ServerConfigName, type ServerEnvironment } from "./server-configs";
import "./control";

/** Lines a server prints for a request that failed inside it, or an error nothing caught. */
const failureLine = /\[api\] request .* failed|uncaught|unhandled/i;

export type SharedServerInfo = { id: string; url: string; backend: Backend; env: NodeJS.ProcessEnv; trustsProxy: boolean };

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : {};
}

export default async function setup(project: TestProject) {
  ensureBuild();
  const services = startServices();
  // Every shared server sends its email to this one SMTP server (tests/support/mailbox.ts).
  const mailbox = await startMailbox();
  project.provide("mailbox", mailbox.dir);
  // Each backend's migrated template database, made on first use, that servers' databases copy.
  const templates = new Map<Backend, ReturnType<typeof migratedTemplate>>();
  const databaseTemplate = async (backend: Backend) => {
    if (!templates.has(backend)) templates.set(backend, migratedTemplate(backend));
    return (await templates.get(backend)!).template;
  };
  const servers = new Map<string, Promise<PrivateServer>>();

  const start = async (config: ServerConfigName, backend: Backend): Promise<PrivateServer> => {
    const makeEnv: ServerEnvironment | undefined = serverConfigs[config];
    if (!makeEnv) throw new Error(`no server configuration ${config} in tests/support/server-configs.ts`);
    return launchServer({
      backend,
      env: { ...mailbox.env, ...(await makeEnv(services)) },
      databaseTemplate: await databaseTemplate(backend),
    });
  };

  const routes: Record<string, (body: Record<string, unknown>, id: string) => Promise<unknown>> = {
    "/database-template": async (body) => ({ template: await databaseTemplate((body as { backend: Backend }).backend) }),
    "/servers": async (body) => {
      const { config, backend } = body as { config: ServerConfigName; backend: Backend };
      const id = `${config}-${backend}`;
      if (!servers.has(id)) servers.set(id, start(config, backend));
      const server = await servers.get(id)!;
      return { id, url: server.url, backend, env: server.env, trustsProxy: server.env.TRUSTED_PROXY_COUNT === "1" } satisfies SharedServerInfo;
    },
    "/fixture": async (body, id) => (await servers.get(id)!).fixture(...(body.argv as string[])),
    "/logs": async (_, id) => ({ logs: await (await servers.get(id)!).logs() }),
  };

  const control = createServer(async (request, response) => {
    const url = new URL(request.url!, "http://control");
    const route = routes[url.pathname];
    const id = url.searchParams.get("id") ?? "";
    try {
      if (!route || (id && !servers.has(id))) throw new Error(`unknown: ${request.url}`);
      const result = await route(await readJson(request), id);
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result));
    } catch (error) {
      response.writeHead(500, { "content-type": "text/plain" }).end(String((error as Error).stack ?? error));
    }
  });
  // Idle connections are closed by the test files' side only: a server closing one at its 5 s
  // keep-alive timeout raced a busy client reusing it ("other side closed").
  control.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  project.provide("serverControl", `http://127.0.0.1:${(control.address() as AddressInfo).port}`);

  return async () => {
    control.close();
    const started = await Promise.all([...servers].map(async ([id, server]) => ({ id, server: await server.catch(() => undefined) })));
    const failures: string[] = [];
    for (const { id, server } of started) {
      const lines = ((await server?.logs()) ?? "").split("\n").filter((line) => failureLine.test(line));
      if (lines.length) failures.push(`${id}:\n  ${lines.join("\n  ")}`);
    }
    await Promise.all(started.map(({ server }) => server?.stop()));
    await services.stop();
    await mailbox.stop();
    await Promise.all([...templates.values()].map(async (template) => (await template.catch(() => undefined))?.remove()));
    if (failures.length) {
      // Vitest reports an error thrown here and still exits 0: the exit code has to say it.
      console.error(`\nShared servers logged failures that no test caught (see the requests of the tests that ran then):\n${failures.join("\n")}`);
      process.exitCode = 1;
    }
  };
}
