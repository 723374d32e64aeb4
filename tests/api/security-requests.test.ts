import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { accountRequests, invalidValue, notFoundBody, sha, newAccount } from "../support/accounts";
import type { TestServer } from "../support/server";
import { actionId } from "../support/server-actions";
import { sharedServer } from "../support/shared-server";
import { signInWithPassword } from "../support/web-session";

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer();
});

const MiB = 1024 * 1024;
const tooLargeBody = { error: { message: "Request body too large", type: "invalid_request_error" } };
const { call, created, seedAccount } = accountRequests(() => server);

// ---------------------------------------------------------------------------------------------
// Hostile text

/** Script, markup, SQL and template injections, and Unicode that tends to get mangled. */
const hostileStrings = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE worklog_entries; --",
  "Robert'); DROP TABLE projects;-- \\' \\\" `tick`",
  "{{7*7}} ${7*7} <%= 7*7 %> %s%n",
  "Zoë 日本語 🚀 👩‍💻 e\u0301 \u{1F1EB}\u{1F1F7}",
  "\u202Egnp.exe \u200Fשלום\u200E مرحبا \u2066isolate\u2069",
  "zero\u200Bwidth\uFEFFmarks \u0001\u001F\u007F controls",
];

/** Tags take no whitespace or commas and are lower-cased: the same attacks, in that shape. */
const hostileTags = [
  "<script>alert(1)</script>",
  '"><img/src=x/onerror=alert(1)>',
  "';drop-table-worklog_entries;--",
  "日本語🚀",
  "\u202Eevil",
  "%00",
  "../../etc/passwd",
];

describe("hostile text", () => {
  let key: string;

  beforeAll(async () => {
    key = (await newAccount(server)).key;
  });

  it.each(hostileStrings.map((value) => [JSON.stringify(value), value] as const))(
    "%s is stored and returned verbatim in every text field",
    async (_, value) => {
      // Names of projects and repositories are one line: control characters are refused there (docs/api.md, "project").
      const name = value.replace(/[\p{Cc}\u2028\u2029]/gu, "");
      const project = await created(key, "/api/v1/projects", { name, description: value });
      const repository = await created(key, `/api/v1/projects/${project.id}/repositories`, {
        name,
        local_path: value,
        remote_url: value,
        default_branch: value,
      });
      const commitSha = sha(Buffer.from(value).toString("hex").slice(0, 6));
      await created(key, `/api/v1/repositories/${repository.id}/commits`, {
        commits: [{ sha: commitSha, message: value, committed_at: "2026-01-02T03:04:05Z", author_name: value, author_email: value }],
      });
      // Markdown content is not even trimmed.
      const content = `\n  ${value}\n\n> ${value}  \n`;
      const entry = await created(key, "/api/v1/worklog/entries", { content, project_id: project.id });
      expect((await call(key, "PUT", "/api/v1/user", { name: value })).status).toBe(200);

      const read = async (pathname: string) => {
        const response = await server.request(pathname, { key });
        expect(response.headers.get("content-type")).toBe("application/json");
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        return response.json();
      };
      expect(await read(`/api/v1/projects/${project.id}`)).toMatchObject({ name, description: value });
      expect(await read(`/api/v1/repositories/${repository.id}`)).toMatchObject({ name, local_path: value, remote_url: value, default_branch: value });
      const { commits } = await read(`/api/v1/repositories/${repository.id}/commits`);
      expect(commits).toMatchObject([{ message: value, author_name: value, author_email: value }]);
      expect(await read(`/api/v1/worklog/entries/${entry.id}`)).toMatchObject({ content, project: { name } });
      expect(await read("/api/v1/user")).toMatchObject({ name: value });
    },
  );

  it("tags are stored verbatim and found again by the filter", async () => {
    const entry = await created(key, "/api/v1/worklog/entries", { content: "tagged", tags: hostileTags });
    expect(entry.tags).toEqual(hostileTags);
    for (const tag of hostileTags) {
      const { body } = await call(key, "GET", `/api/v1/worklog/entries?tags=${encodeURIComponent(tag)}`);
      expect(
        body.entries.map((found: { id: string }) => found.id),
        tag,
      ).toEqual([entry.id]);
    }
  });

  it.each([
    ["POST", "/api/v1/projects", { name: "a\u0000b" }, "/name"],
    ["POST", "/api/v1/projects", { name: "ok", description: "lone \ud800 surrogate" }, "/description"],
    ["POST", "/api/v1/repositories", { name: "nul\u0000" }, "/name"],
    ["POST", "/api/v1/worklog/entries", { content: "a\u0000b" }, "/content"],
    ["POST", "/api/v1/worklog/entries", { content: "ok", tags: ["nul\u0000"] }, "/tags/0"],
    ["POST", "/api/v1/worklog/recaps", { tags: ["\udfff"] }, "/tags/0"],
    ["PUT", "/api/v1/user", { name: "\u0000" }, "/name"],
  ] as const)("%s %s with text PostgreSQL cannot store (NUL, lone surrogates) is a 422, not a 500", async (method, pathname, body, pointer) => {
    const response = await call(key, method, pathname, body, { invalid: true });
    expect(response).toEqual({ status: 422, body: invalidValue(pointer) });
  });

  it("refuses NUL in a commit message, a tag filter and the device flow's parameters alike", async () => {
    const repository = await created(key, "/api/v1/repositories", { name: "nul-test" });
    const commit = await call(
      key,
      "POST",
      `/api/v1/repositories/${repository.id}/commits`,
      { commits: [{ sha: sha("d4"), message: "a\u0000b", committed_at: "2026-01-02T03:04:05Z" }] },
      { invalid: true },
    );
    expect(commit).toEqual({ status: 422, body: invalidValue("/commits/0/message") });
    expect(await call(key, "GET", "/api/v1/worklog/entries?tags=a%00b", undefined, { invalid: true })).toEqual({
      status: 400,
      body: { error: { message: "tags must not contain NUL characters", type: "invalid_request_error" } },
    });
    for (const [pathname, body] of [
      ["/auth/device/code", { client_id: "a\u0000b" }],
      ["/auth/device/token", { device_code: "\ud800" }],
      ["/auth/token", { grant_type: "refresh_token", refresh_token: "a\u0000b" }],
    ] as const) {
      const response = await server.request(pathname, { method: "POST", body, invalid: true });
      expect(response.status, pathname).toBe(400);
      expect(await response.json()).toEqual({ error: "invalid_request" });
    }
    expect(await server.logs()).not.toContain("invalid byte sequence");
  });
});

// ---------------------------------------------------------------------------------------------
// Oversized headers and bodies

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

/**
 * A request through node:http on a connection of its own, which (unlike fetch) sends a body
 * chunked, or announced with a content-length it does not have.
 */
function rawRequest(
  pathname: string,
  {
    method = "GET",
    headers = {},
    chunks = [],
    end = true,
  }: { method?: string; headers?: Record<string, string>; chunks?: (string | Buffer)[]; end?: boolean } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolvePromise, reject) => {
    const request = http.request({ hostname, port, path: pathname, method, headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => {
        resolvePromise({ status: response.statusCode!, headers: response.headers, text });
        request.destroy();
      });
    });
    request.on("error", reject);
    for (const chunk of chunks) request.write(chunk);
    if (end) request.end();
  });
}

/**
 * Raw bytes over one connection, and everything the server answers until it closes it. For
 * requests the server refuses before reading them whole, where an HTTP client would fail on
 * the closed connection rather than report the answer.
 */
function exchange(bytes: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolvePromise) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(bytes));
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    socket.on("error", () => {}); // a reset after the answer: the answer is what counts
    socket.on("close", () => resolvePromise(received));
  });
}

const statusLines = (reply: string) => reply.match(/^HTTP\/1\.1 \d{3}/gm) ?? [];

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;

/** A JSON entry body of exactly `size` bytes. */
function entryBodyOfSize(size: number): string {
  const frame = JSON.stringify({ content: "" });
  return JSON.stringify({ content: "x".repeat(size - frame.length) });
}

describe("oversized headers and bodies", () => {
  let key: string;

  beforeAll(async () => {
    key = (await newAccount(server)).key;
  });

  /** The server is still up and serving authenticated requests. */
  async function expectServing() {
    expect((await server.request("/api/health")).status).toBe(200);
    expect((await server.request("/api/v1/user", { key })).status).toBe(200);
  }

  it.each([
    ["a 100 KiB header on the API", "GET /api/v1/user", `X-Padding: ${"x".repeat(100 * 1024)}`],
    ["a 200 KiB Authorization", "GET /api/v1/user", `Authorization: Basic ${"A".repeat(200 * 1024)}`],
    ["a 100 KiB session cookie on a page", "GET /", `Cookie: authjs.session-token=${"A".repeat(100 * 1024)}`],
    ["a 100 KiB Bearer token on the device flow", "POST /auth/token_info", `Authorization: Bearer ${"A".repeat(100 * 1024)}`],
  ])("%s is refused with 431", async (_, requestLine, header) => {
    const reply = await exchange(`${requestLine} HTTP/1.1\r\nHost: localhost\r\n${header}\r\nContent-Length: 0\r\n\r\n`);
    expect(statusLines(reply)).toEqual(["HTTP/1.1 431"]);
    await expectServing();
  });

  it("large headers under the limit are just wrong credentials, or none", async () => {
    const basicResponse = await rawRequest("/api/v1/user", { headers: { authorization: `Basic ${"A".repeat(60 * 1024)}` } });
    expect(basicResponse.status).toBe(401);
    expect(JSON.parse(basicResponse.text).error.type).toBe("authentication_error");
    const bearerResponse = await rawRequest("/api/v1/user", { headers: { authorization: `Bearer ${"A".repeat(60 * 1024)}` } });
    expect(bearerResponse.status).toBe(401);
    expect(JSON.parse(bearerResponse.text)).toEqual({ error: { message: "Invalid or expired OAuth token.", type: "authentication_error" } });
    const page = await rawRequest("/", { headers: { cookie: `authjs.session-token=${"A".repeat(60 * 1024)}` } });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Sign in");
    await expectServing();
  });

  it("a body of exactly 1 MiB is read; one byte more is a 413", async () => {
    const headers = { authorization: basic(key), "content-type": "application/json" };
    const atLimit = await rawRequest("/api/v1/worklog/entries", { method: "POST", headers, chunks: [entryBodyOfSize(MiB)] });
    expect(atLimit.status).toBe(422);
    expect(JSON.parse(atLimit.text)).toEqual({
      errors: [{ title: "Invalid value", detail: "String length is larger than maxLength", source: { pointer: "/content" } }],
    });
    const over = await rawRequest("/api/v1/worklog/entries", { method: "POST", headers, chunks: [entryBodyOfSize(MiB + 1)] });
    expect(over.status).toBe(413);
    expect(JSON.parse(over.text)).toEqual(tooLargeBody);
    await expectServing();
  });

  it("a chunked body without content-length is cut off past 1 MiB", async () => {
    const headers = { authorization: basic(key), "content-type": "application/json", "transfer-encoding": "chunked" };
    const chunks = Array.from({ length: 40 }, () => Buffer.alloc(64 * 1024, "x"));
    const response = await rawRequest("/api/v1/worklog/entries", { method: "POST", headers, chunks });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.text)).toEqual(tooLargeBody);
    await expectServing();
  });

  it("a content-length over 1 MiB is refused before the body arrives", async () => {
    const headers = { authorization: basic(key), "content-type": "application/json", "content-length": String(2 * MiB) };
    // Only a few bytes are sent and the request never ends: the answer cannot wait for the rest.
    const response = await rawRequest("/api/v1/worklog/entries", { method: "POST", headers, chunks: ['{"content":"x'], end: false });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.text)).toEqual(tooLargeBody);
    await expectServing();
  });

  it("a content-length smaller than the body reads only what it announced, and the rest is not a request", async () => {
    const before = (await call(key, "GET", "/api/v1/worklog/entries")).body.meta.total_count;
    const reply = await exchange(
      `POST /api/v1/worklog/entries HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${basic(key)}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 20\r\n\r\n{"content":"${"x".repeat(2 * MiB)}"}`,
    );
    // The 20 bytes announced are no complete JSON document (400, when the handler answers before
    // the parser gives up), and the bytes after them are no request (400 from Node's parser).
    expect(statusLines(reply).length).toBeGreaterThan(0);
    expect(statusLines(reply).every((line) => line === "HTTP/1.1 400")).toBe(true);
    expect((await call(key, "GET", "/api/v1/worklog/entries")).body.meta.total_count).toBe(before);
    await expectServing();
  });

  it("a client that leaves halfway through its body is no failure of the server", async () => {
    const { hostname, port } = new URL(server.url);
    await new Promise<void>((resolvePromise) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(
          `POST /api/v1/worklog/entries HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${basic(key)}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"content":"half',
        );
        // Long enough for the handler to be reading the body when the client goes.
        setTimeout(() => socket.destroy(), 300);
      });
      socket.on("close", () => resolvePromise());
    });
    await expectServing();
  });

  it.each([
    "/auth/device/code",
    "/auth/device/token",
    "/auth/token",
    "/auth/revoke",
    "/auth/token_info",
    "/api/auth/callback/credentials",
    "/api/auth/signout",
  ])("POST %s refuses bodies over 1 MiB, announced or chunked", async (pathname) => {
    const body = `client_id=${"x".repeat(MiB)}`;
    const headers = { "content-type": "application/x-www-form-urlencoded" };
    for (const response of [
      await rawRequest(pathname, { method: "POST", headers, chunks: [body] }),
      await rawRequest(pathname, {
        method: "POST",
        headers: { ...headers, "transfer-encoding": "chunked" },
        chunks: [body.slice(0, MiB / 2), body.slice(MiB / 2)],
      }),
    ]) {
      expect(response.status).toBe(413);
      expect(JSON.parse(response.text)).toEqual(tooLargeBody);
    }
    await expectServing();
  });

  it("signing in through next-auth still works under the limit", async () => {
    const { email, password } = await server.createUser();
    const signIn = await signInWithPassword(server.url, email, password);
    expect(signIn.status).toBe(302);
    expect(signIn.session).toBeDefined();
  });

  it("none of it crashed the server or reached the error handler", async () => {
    await expectServing();
    expect(await server.logs()).not.toMatch(/\[api\] request .* failed|uncaught|unhandled/i);
  });
});

// ---------------------------------------------------------------------------------------------
// Request edges: content types, undecodable paths and bodies, methods, concurrent creates

const unsupportedMediaTypeBody = { error: { message: "Content-Type must be application/json", type: "invalid_request_error" } };

describe("request bodies that are not JSON", () => {
  let key: string;

  beforeAll(async () => {
    key = (await newAccount(server)).key;
  });

  const projectCount = async () => (await call(key, "GET", "/api/v1/projects")).body.meta.total_count as number;

  it.each([
    ["text/plain", '{"name":"Planted"}'],
    ["text/plain;charset=UTF-8", '{"name":"Planted"}'],
    ["application/x-www-form-urlencoded", "name=Planted"],
    ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nPlanted\r\n--x--\r\n'],
    ["application/jsonp", '{"name":"Planted"}'],
  ])("a %s body is refused with 415, with or without a key, and nothing is created", async (contentType, body) => {
    const before = await projectCount();
    for (const headers of [{ authorization: basic(key) }, {}] as Record<string, string>[]) {
      const response = await rawRequest("/api/v1/projects", { method: "POST", headers: { ...headers, "content-type": contentType }, chunks: [body] });
      expect(response.status, response.text).toBe(415);
      expect(JSON.parse(response.text)).toEqual(unsupportedMediaTypeBody);
      expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(await projectCount()).toBe(before);
  });

  it("a body without a content type is refused with 415", async () => {
    const response = await rawRequest("/api/v1/projects", { method: "POST", headers: { authorization: basic(key) }, chunks: ['{"name":"Planted"}'] });
    expect(response.status).toBe(415);
    expect(JSON.parse(response.text)).toEqual(unsupportedMediaTypeBody);
  });

  it.each([
    "application/json",
    "application/json; charset=utf-8",
    "APPLICATION/JSON",
    "application/merge-patch+json",
    "application/vnd.worklog+json; charset=utf-8",
  ])("a %s body is read", async (contentType) => {
    const response = await server.request("/api/v1/projects", { key, method: "POST", body: { name: "Accepted" }, headers: { "content-type": contentType } });
    expect(response.status).toBe(201);
  });

  it("requests without a body need no content type", async () => {
    const project = await created(key, "/api/v1/projects", { name: "Bodiless" });
    expect((await rawRequest("/api/v1/projects", { headers: { authorization: basic(key) } })).status).toBe(200);
    const deleted = await rawRequest(`/api/v1/projects/${project.id}`, {
      method: "DELETE",
      headers: { authorization: basic(key), "content-type": "text/plain" },
    });
    expect(deleted.status).toBe(200);
    // A recap takes an empty body (its filters may come from the query string).
    await created(key, "/api/v1/worklog/entries", { content: "to recap" });
    const recap = await rawRequest("/api/v1/worklog/recaps", { method: "POST", headers: { authorization: basic(key), "content-length": "0" } });
    expect(recap.status, recap.text).toBe(201);
  });
});

describe("bodies that are not valid UTF-8", () => {
  let key: string;

  beforeAll(async () => {
    key = (await newAccount(server)).key;
  });

  const invalidUtf8 = [
    ["a lone continuation byte", Buffer.from([0x80])],
    ["a truncated sequence", Buffer.from([0xe2, 0x82])],
    ["an overlong encoding", Buffer.from([0xc0, 0xaf])],
    ["an encoded surrogate", Buffer.from([0xed, 0xa0, 0x80])],
    ["0xFF", Buffer.from([0xff])],
  ] as const;

  it.each(invalidUtf8)("%s in a JSON string on /api/v1 is a 400, and nothing is stored", async (_, bytes) => {
    const before = (await call(key, "GET", "/api/v1/projects")).body.meta.total_count;
    const body = Buffer.concat([Buffer.from('{"name":"bad '), bytes, Buffer.from('"}')]);
    const response = await rawRequest("/api/v1/projects", {
      method: "POST",
      headers: { authorization: basic(key), "content-type": "application/json" },
      chunks: [body],
    });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toEqual({ error: { message: "Request body is not valid UTF-8", type: "invalid_request_error" } });
    expect((await call(key, "GET", "/api/v1/projects")).body.meta.total_count).toBe(before);
  });

  it.each(["/auth/device/code", "/auth/device/token", "/auth/token", "/auth/revoke", "/auth/token_info"])(
    "POST %s refuses invalid UTF-8 in a JSON or a form-encoded body with invalid_request",
    async (pathname) => {
      const bodies = [
        [
          "application/json",
          Buffer.concat([Buffer.from('{"client_id":"'), Buffer.from([0xff]), Buffer.from('","token":"x","device_code":"x","refresh_token":"x"}')]),
        ],
        [
          "application/x-www-form-urlencoded",
          Buffer.concat([Buffer.from("client_id="), Buffer.from([0xff]), Buffer.from("&token=x&device_code=x&refresh_token=x")]),
        ],
        ["application/x-www-form-urlencoded", Buffer.from("client_id=%FF&token=%C0%AF&device_code=%ED%A0%80&refresh_token=%E2%82&grant_type=refresh_token")],
      ] as const;
      for (const [contentType, body] of bodies) {
        const response = await rawRequest(pathname, { method: "POST", headers: { "content-type": contentType }, chunks: [body] });
        expect(response.status, `${contentType} ${body.toString("latin1")}`).toBe(400);
        // Like any body that cannot be read (docs/api.md, "OAuth device flow").
        expect(JSON.parse(response.text)).toEqual({ error: "invalid_request" });
      }
    },
  );

  it("valid UTF-8 of every length is kept as sent", async () => {
    const name = "é € 𝄞 日本";
    const response = await rawRequest("/api/v1/projects", {
      method: "POST",
      headers: { authorization: basic(key), "content-type": "application/json" },
      // Split inside a character: the decoder must not judge the chunks one by one.
      chunks: [Buffer.from(`{"name":"${name}"}`).subarray(0, 12), Buffer.from(`{"name":"${name}"}`).subarray(12)],
    });
    expect(response.status).toBe(201);
    expect(JSON.parse(response.text).name).toBe(name);
  });
});

describe("projects created at once with the same name", () => {
  it("all succeed with distinct derived identifiers", async () => {
    const { key } = await newAccount(server);
    const responses = await Promise.all(Array.from({ length: 20 }, () => call(key, "POST", "/api/v1/projects", { name: "Website Project" })));
    expect(responses.map(({ status, body }) => `${status} ${status === 201 ? "" : JSON.stringify(body)}`)).toEqual(Array(20).fill("201 "));
    const identifiers = responses.map(({ body }) => body.identifier as string);
    expect(new Set(identifiers).size).toBe(20);
    expect(identifiers).toContain("WP");
  });

  it("an identifier the client chose that is taken is still a 422", async () => {
    const { key } = await newAccount(server);
    const responses = await Promise.all(Array.from({ length: 5 }, () => call(key, "POST", "/api/v1/projects", { name: "Chosen", identifier: "CHO" })));
    expect(responses.filter(({ status }) => status === 201)).toHaveLength(1);
    for (const refused of responses.filter(({ status }) => status !== 201)) {
      expect(refused).toEqual({ status: 422, body: { errors: [{ title: "Invalid value", detail: "Duplicate value", source: { pointer: "/identifier" } }] } });
    }
  });
});

describe("paths that cannot be decoded, and methods the API does not serve", () => {
  const methodNotAllowedBody = { error: { message: "Method not allowed", type: "invalid_request_error" } };
  const anId = "0190a5e6-7f5c-7000-8000-000000000000";

  it.each([
    "/api/v1/projects/%ff",
    "/api/v1/projects/%zz",
    "/api/v1/projects/%",
    "/api/v1/projects/%ED%A0%80",
    "/api/v1/%ff/x",
    "/api/v1/worklog/entries/%c0%af/commits",
  ])("GET %s is the JSON 404, with x-request-id", async (pathname) => {
    const response = await rawRequest(pathname);
    expect(response.status, response.text).toBe(404);
    expect(JSON.parse(response.text)).toEqual(notFoundBody);
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each(["/projects/%ff", "/repositories/%zz", "/recaps/%", "/projects/%ED%A0%80"])("the page %s is the app's not-found page", async (pathname) => {
    const response = await rawRequest(pathname);
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.text).toContain("Page not found");
  });

  it.each([
    ["TRACE", "/api/v1/projects", "GET, HEAD, POST, OPTIONS"],
    ["TRACE", `/api/v1/projects/${anId}`, "GET, HEAD, PUT, DELETE, OPTIONS"],
    ["PROPFIND", "/api/v1/user", "GET, HEAD, PUT, DELETE, OPTIONS"],
    ["TRACE", "/api/v1/openapi.json", "GET, HEAD, OPTIONS"],
    ["TRACE", "/api/health", "GET, HEAD, OPTIONS"],
    ["TRACE", "/auth/token", "POST, OPTIONS"],
    ["MKCOL", "/auth/device/code", "POST, OPTIONS"],
  ])("%s %s is a JSON 405 with Allow", async (method, pathname, allow) => {
    const response = await rawRequest(pathname, { method });
    expect(response.status, response.text).toBe(405);
    expect(JSON.parse(response.text)).toEqual(methodNotAllowedBody);
    expect(response.headers.allow).toBe(allow);
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("an unknown method on an unknown /api/v1 path is the JSON 404", async () => {
    const response = await rawRequest("/api/v1/nothing-here", { method: "TRACE" });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.text)).toEqual(notFoundBody);
  });

  it.each([
    ["/api/v1/projects", "GET, HEAD, POST, OPTIONS"],
    [`/api/v1/projects/${anId}`, "GET, HEAD, PUT, DELETE, OPTIONS"],
    [`/api/v1/worklog/entries/${anId}/commits`, "POST, OPTIONS"],
    ["/api/v1/worklog/recaps/sse", "GET, HEAD, OPTIONS"],
    ["/auth/token_info", "POST, OPTIONS"],
  ])("OPTIONS %s is a JSON 200 whose Allow lists only the methods that answer", async (pathname, allow) => {
    const response = await rawRequest(pathname, { method: "OPTIONS" });
    expect(response.status).toBe(200);
    expect(response.headers.allow).toBe(allow);
    expect(JSON.parse(response.text)).toEqual({ allow: allow.split(", ") });
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    for (const method of allow.split(", ").filter((method) => !["HEAD", "OPTIONS"].includes(method))) {
      expect((await rawRequest(pathname, { method })).status, `${method} ${pathname}`).not.toBe(405);
    }
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((method) => !allow.split(", ").includes(method))) {
      expect((await rawRequest(pathname, { method })).status, `${method} ${pathname}`).toBe(405);
    }
  });

  it("OPTIONS on an unknown /api/v1 path is the JSON 404", async () => {
    const response = await rawRequest("/api/v1/nothing-here", { method: "OPTIONS" });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.text)).toEqual(notFoundBody);
  });

  it("none of it reached the error handler", async () => {
    expect(await server.logs()).not.toMatch(/\[api\] request .* failed|HTTP method is unsupported|failed to decode/i);
  });
});

// ---------------------------------------------------------------------------------------------
// Pages: their Content-Security-Policy, prefetched or not, and forms and server actions from this site only

/** A signed-in account of every scope: its key, and the session cookie of its browser. */
async function signedInAccount() {
  const { email, password, key } = await newAccount(server);
  const { session } = await signInWithPassword(server.url, email, password);
  expect(session).toBeDefined();
  return { key, session: session! };
}

/** The app's page paths, from its page files: app/projects/[id]/page.tsx is /projects/[id]. */
function pagePaths(): string[] {
  const app = path.resolve(import.meta.dirname, "../../app");
  return readdirSync(app, { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "page.tsx")
    .map((file) => `/${path.dirname(file)}`.replace(/\/\.$/, "/"))
    .sort();
}

/** The headers that mark a request as a prefetch: a browser's (`Purpose`, `Sec-Purpose`) and Next.js's router's, alone or with its `RSC`. */
const prefetchHeaders: Record<string, string>[] = [
  { purpose: "prefetch" },
  { "sec-purpose": "prefetch" },
  { "next-router-prefetch": "1" },
  { "next-router-prefetch": "1", rsc: "1" },
];

describe("every page carries its Content-Security-Policy", () => {
  it("for every page of the app, shown or prefetched, signed in", async () => {
    const { key, session } = await signedInAccount();
    const seeded = await seedAccount(key);
    const share = await call(key, "POST", `/api/v1/worklog/recaps/${seeded.recap}/share`);
    expect(share.status).toBe(201);
    const invitation = await call(key, "POST", "/api/v1/workspace/invitations", { email: `invited-${randomUUID()}@example.com`, role: "member" });
    expect(invitation.status).toBe(201);
    const dynamicPaths: Record<string, string> = {
      "/invite/[token]": new URL(invitation.body.invite_url).pathname,
      "/projects/[id]": `/projects/${seeded.project}`,
      "/recaps/[id]": `/recaps/${seeded.recap}`,
      "/repositories/[id]": `/repositories/${seeded.repository}`,
      "/r/[token]": `/r/${share.body.token}`,
    };
    const paths = pagePaths().map((page) => dynamicPaths[page] ?? page);
    expect(paths.filter((page) => page.includes("["))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(["/", "/settings/webhooks", `/r/${share.body.token}`]));

    for (const page of [...paths, "/no-such-page"]) {
      await Promise.all(
        [{}, ...prefetchHeaders].map(async (headers) => {
          const response = await fetch(`${server.url}${page}`, { redirect: "manual", headers: { cookie: session, ...headers } });
          const label = `${page} ${JSON.stringify(headers)}`;
          expect(response.status, label).toBeLessThan(500);
          expect(response.headers.get("content-security-policy"), label).toEqual(
            expect.stringMatching(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'.*frame-ancestors 'none'/),
          );
          await response.arrayBuffer();
        }),
      );
    }
  });
});

describe("server actions and forms run only from this site", () => {
  let key: string;
  let session: string;

  beforeAll(async () => {
    ({ key, session } = await signedInAccount());
  });

  const webhookUrls = async () =>
    (await call(key, "GET", "/api/v1/webhooks")).body.webhooks.map((webhook: { endpoint_url: string }) => webhook.endpoint_url) as string[];

  /** Settings → Webhooks' form, creating a webhook to `endpointUrl` as the browser's script calls its action, with `headers` besides the session. */
  function createWebhook(endpointUrl: string, headers: Record<string, string>) {
    // React's reply encoding: the FormData argument's fields under the prefix of its reference, then the arguments.
    const form = new FormData();
    form.set("_1_endpoint_url", endpointUrl);
    form.set("_1_events", "entry.created");
    form.set("0", JSON.stringify(["$K1"]));
    return fetch(`${server.url}/settings/webhooks`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: session, "next-action": actionId("lib/webhooks/actions.ts", "createWebhookAction"), ...headers },
      body: form,
    });
  }

  /** The same form posted without script: the action's id is a field of the form. */
  function postWebhookForm(endpointUrl: string, headers: Record<string, string>) {
    const form = new FormData();
    form.set(`$ACTION_ID_${actionId("lib/webhooks/actions.ts", "createWebhookAction")}`, "");
    form.set("endpoint_url", endpointUrl);
    form.set("events", "entry.created");
    return fetch(`${server.url}/settings/webhooks`, { method: "POST", redirect: "manual", headers: { cookie: session, ...headers }, body: form });
  }

  it.each([
    ["no Origin", {}],
    ["no Origin and Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["no Origin, Sec-Fetch-Site: cross-site and a foreign Referer", { "sec-fetch-site": "cross-site", referer: "https://evil.example/page" }],
    ["no Origin and Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
    ["no Origin and Sec-Fetch-Site: none", { "sec-fetch-site": "none" }],
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["a foreign Origin and Sec-Fetch-Site: same-origin", { origin: "https://evil.example", "sec-fetch-site": "same-origin" }],
    ["Origin: null", { origin: "null" }],
  ])("with %s are refused with a 403, and nothing is created", async (_, headers) => {
    const endpointUrl = `https://93.184.215.14/refused/${encodeURIComponent(JSON.stringify(headers))}`;
    for (const response of [await createWebhook(endpointUrl, headers), await postWebhookForm(endpointUrl, headers)]) {
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toMatch(/Origin/);
    }
    expect(await webhookUrls()).not.toContain(endpointUrl);
  });

  it.each([
    ["this site's Origin", () => ({ origin: server.url })],
    ["no Origin but Sec-Fetch-Site: same-origin", () => ({ "sec-fetch-site": "same-origin" })],
  ])("with %s run", async (label, headers) => {
    const endpointUrl = `https://93.184.215.14/allowed/${encodeURIComponent(label)}`;
    const response = await createWebhook(endpointUrl, headers());
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(endpointUrl);
    expect(await webhookUrls()).toContain(endpointUrl);
  });
});
