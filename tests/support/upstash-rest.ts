// A local stand-in for Upstash's REST API in front of a real Redis, so that @upstash/redis and
// @upstash/ratelimit run unchanged against it (see STACK.md, "Upstash rate limiting against a real
// Redis"): `POST /` runs one command, `POST /pipeline` and `POST /multi-exec` run several.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";

export type UpstashRest = {
  url: string;
  token: string;
  stop: () => Promise<void>;
  /** HTTP requests received so far (authorised or not). */
  requests: () => number;
};

type Command = [string, ...unknown[]];
type Reply = { result: unknown } | { error: string };

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/** Real Redis 7.0 rejects the `allow-key-locking` shebang flag that every @upstash/ratelimit script carries. */
function withoutUnknownFlags(script: string): string {
  return script.replace(/^#!lua flags=([^\n]*)/, (_shebang, flags: string) => {
    const kept = flags.split(",").filter((flag) => flag.trim() !== "allow-key-locking");
    return kept.length > 0 ? `#!lua flags=${kept.join(",")}` : "#!lua";
  });
}

/**
 * Upstash's base64 response encoding: every string, except a top-level `OK`, is base64 (the SDK
 * decodes nested strings unconditionally).
 */
function encode(value: unknown, base64: boolean, topLevel = true): unknown {
  if (Buffer.isBuffer(value)) {
    if (!base64 || (topLevel && value.toString() === "OK")) return value.toString();
    return value.toString("base64");
  }
  if (Array.isArray(value)) return value.map((element) => encode(element, base64, false));
  return value;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

function isCommand(value: unknown): value is Command {
  return Array.isArray(value) && typeof value[0] === "string";
}

/** `port` 0 takes a free one; a given port lets a stopped stand-in come back at the same address. */
export async function startUpstashRest({
  token,
  redisUrl = "redis://127.0.0.1:6379",
  port: requestedPort = 0,
}: {
  token: string;
  redisUrl?: string;
  port?: number;
}): Promise<UpstashRest> {
  const redis = new Redis(redisUrl);
  /** The SHA1 the client computed for a script → the SHA1 of the script Redis actually holds. */
  const scriptHashes = new Map<string, string>();
  let requests = 0;

  /**
   * The command as Redis should receive it. The name is upper-cased because ioredis transforms
   * some replies by lower-case command name (HGETALL into an object), which Upstash does not.
   */
  function translate([name, ...rawArgs]: Command): [string, ...string[]] {
    const command = name.toUpperCase();
    const args = rawArgs.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg)));
    if (command === "EVAL" && args[0] !== undefined) {
      const rewritten = withoutUnknownFlags(args[0]);
      scriptHashes.set(sha1(args[0]), sha1(rewritten));
      args[0] = rewritten;
    }
    if (command === "EVALSHA" && args[0] !== undefined) args[0] = scriptHashes.get(args[0]) ?? args[0];
    return [command, ...args];
  }

  async function runOne(command: Command): Promise<Reply> {
    try {
      return { result: await redis.callBuffer(...translate(command)) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }

  async function runMany(commands: Command[], transaction: boolean): Promise<Reply[]> {
    const batch = transaction ? redis.multi() : redis.pipeline();
    for (const command of commands) batch.callBuffer(...translate(command));
    const results = (await batch.exec()) ?? [];
    return results.map(([error, result]) => (error ? { error: error.message } : { result }));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    requests += 1;
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${token}`) return send(401, { error: "Unauthorized" });
    const base64 = request.headers["upstash-encoding"] === "base64";
    const encodeReply = (reply: Reply) => ("result" in reply ? { result: encode(reply.result, base64) } : reply);
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const body = await readJson(request).catch(() => undefined);

    if (request.method === "POST" && path === "/" && isCommand(body)) {
      const reply = await runOne(body);
      return "error" in reply ? send(400, reply) : send(200, encodeReply(reply));
    }
    if (request.method === "POST" && (path === "/pipeline" || path === "/multi-exec") && Array.isArray(body) && body.every(isCommand)) {
      try {
        return send(200, (await runMany(body, path === "/multi-exec")).map(encodeReply));
      } catch (error) {
        return send(400, { error: (error as Error).message }); // e.g. EXECABORT
      }
    }
    return send(400, { error: "ERR unsupported request" });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (!response.headersSent) response.writeHead(500).end(JSON.stringify({ error: error.message }));
    });
  });
  await new Promise<void>((resolve) => server.listen(requestedPort, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests: () => requests,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await redis.quit();
    },
  };
}
