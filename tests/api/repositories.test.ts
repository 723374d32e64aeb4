import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { controlCharacterNames, forgedDayName } from "../support/hostile-names";
import { sharedServer } from "../support/shared-server";
import { newAccount, newKey } from "../support/accounts";

let server: TestServer;
let key: string;
let readOnlyKey: string;
let projectOnlyKey: string;
let otherKey: string;

beforeAll(async () => {
  server = await sharedServer();
  const account = await newAccount(server, { scopes: ["repo:*", "project:*"] });
  key = account.key;
  readOnlyKey = await server.createKey(account.email, ["repo:read"]);
  projectOnlyKey = await server.createKey(account.email, ["project:*"]);
  otherKey = await newKey(server, { scopes: ["repo:*", "project:*"] });
});

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const notFound = { error: { message: "Could not find the requested resource", type: "not_found_error" } };
const invalid = (pointer: string, detail: string) => ({ errors: [{ title: "Invalid value", detail, source: { pointer } }] });

let names = 0;
const uniqueName = () => `repository-${++names}`;

const create = (body: unknown, as = key, { invalid = false } = {}) => server.request("/api/v1/repositories", { key: as, method: "POST", body, invalid });
const update = (id: string, body: unknown, as = key, { invalid = false } = {}) =>
  server.request(`/api/v1/repositories/${id}`, { key: as, method: "PUT", body, invalid });

async function createRepository(body: Record<string, unknown> = {}, as = key) {
  const response = await create({ name: uniqueName(), ...body }, as);
  expect(response.status).toBe(201);
  return response.json();
}

async function createProject(name: string, as = key) {
  const response = await server.request("/api/v1/projects", { key: as, method: "POST", body: { name } });
  expect(response.status).toBe(201);
  return response.json();
}

describe("repositories", () => {
  it("go through create, get, list, update and delete", async () => {
    const project = await createProject("Worklog");
    const created = await create({
      name: "  worklog  ",
      project_id: project.id,
      local_path: "/home/me/code/worklog",
      remote_url: "git@github.com:me/worklog.git",
      default_branch: "main",
    });
    expect(created.status).toBe(201);
    const repository = await created.json();
    expect(repository).toEqual({
      id: expect.stringMatching(uuid),
      url: `/api/v1/repositories/${repository.id}`,
      name: "worklog",
      project_id: project.id,
      local_path: "/home/me/code/worklog",
      remote_url: "git@github.com:me/worklog.git",
      default_branch: "main",
      inserted_at: expect.stringMatching(timestamp),
      updated_at: expect.stringMatching(timestamp),
    });

    const fetched = await server.request(repository.url, { key });
    expect(fetched.status).toBe(200);
    expect(await fetched.json()).toEqual(repository);

    const list = await (await server.request("/api/v1/repositories", { key })).json();
    expect(list.repositories[0]).toEqual(repository);

    const updated = await update(repository.id, { name: "worklog-api", project_id: null, local_path: null, default_branch: "trunk" });
    expect(updated.status).toBe(200);
    const changed = await updated.json();
    expect(changed).toEqual({
      ...repository,
      name: "worklog-api",
      project_id: null,
      local_path: null,
      default_branch: "trunk",
      updated_at: expect.stringMatching(timestamp),
    });
    expect(await (await server.request(repository.url, { key })).json()).toEqual(changed);

    const kept = await update(repository.id, {});
    expect(await kept.json()).toEqual({ ...changed, updated_at: expect.stringMatching(timestamp) });

    const deleted = await server.request(repository.url, { key, method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ ...changed, updated_at: expect.stringMatching(timestamp) });
    expect((await server.request(repository.url, { key })).status).toBe(404);
    expect((await server.request(repository.url, { key, method: "DELETE" })).status).toBe(404);
  });

  it("return absent optional fields as null", async () => {
    const created = await create({ name: "bare" });
    expect(created.status).toBe(201);
    const repository = await created.json();
    expect(Object.keys(repository).sort()).toEqual([
      "default_branch",
      "id",
      "inserted_at",
      "local_path",
      "name",
      "project_id",
      "remote_url",
      "updated_at",
      "url",
    ]);
    expect(repository).toMatchObject({ name: "bare", project_id: null, local_path: null, remote_url: null, default_branch: null });
  });

  it("accept a project id in any case", async () => {
    const project = await createProject("Upper");
    const repository = await createRepository({ project_id: project.id.toUpperCase() });
    expect(repository.project_id).toBe(project.id);
  });

  it("are created under the project in the path", async () => {
    const project = await createProject("Path project");
    const elsewhere = await createProject("Elsewhere");
    const created = await server.request(`/api/v1/projects/${project.id}/repositories`, {
      key,
      method: "POST",
      body: { name: "under-project", project_id: elsewhere.id, default_branch: "main" },
    });
    expect(created.status).toBe(201);
    const repository = await created.json();
    expect(repository).toMatchObject({ name: "under-project", project_id: project.id, default_branch: "main", local_path: null });
    expect(await (await server.request(repository.url, { key })).json()).toEqual(repository);

    const invalidBody = await server.request(`/api/v1/projects/${project.id}/repositories`, { key, method: "POST", body: {}, invalid: true });
    expect(invalidBody.status).toBe(422);
    expect(await invalidBody.json()).toEqual(invalid("/name", "Missing field: name"));
  });

  it("are not created under another account's, a missing or a malformed project", async () => {
    const theirs = await createProject("Theirs", otherKey);
    for (const projectId of [theirs.id, "01950000-0000-7000-8000-000000000000", "not-a-uuid"]) {
      const response = await server.request(`/api/v1/projects/${projectId}/repositories`, {
        key,
        method: "POST",
        body: { name: uniqueName() },
        invalid: projectId === "not-a-uuid",
      });
      expect(response.status, projectId).toBe(404);
      expect(await response.json()).toEqual(notFound);
    }
  });

  it("validate every field", async () => {
    const theirs = await createProject("Not yours", otherKey);
    const cases: [unknown, string, string][] = [
      [{}, "/name", "Missing field: name"],
      [{ name: "" }, "/name", "String length is smaller than minLength"],
      [{ name: "   " }, "/name", "String length is smaller than minLength"],
      [{ name: "x".repeat(101) }, "/name", "String length is larger than maxLength"],
      [{ name: "😀".repeat(101) }, "/name", "String length is larger than maxLength"],
      [{ name: 1 }, "/name", "Invalid value"],
      [{ name: null }, "/name", "Invalid value"],
      [{ name: "ok", project_id: "not-a-uuid" }, "/project_id", "Invalid value"],
      [{ name: "ok", project_id: 5 }, "/project_id", "Invalid value"],
      [{ name: "ok", project_id: "01950000-0000-7000-8000-000000000000" }, "/project_id", "Invalid value"],
      [{ name: "ok", project_id: theirs.id }, "/project_id", "Invalid value"],
      [{ name: "ok", local_path: "x".repeat(4097) }, "/local_path", "String length is larger than maxLength"],
      [{ name: "ok", local_path: false }, "/local_path", "Invalid value"],
      [{ name: "ok", remote_url: "x".repeat(2049) }, "/remote_url", "String length is larger than maxLength"],
      [{ name: "ok", default_branch: "" }, "/default_branch", "String length is smaller than minLength"],
      [{ name: "ok", default_branch: "x".repeat(256) }, "/default_branch", "String length is larger than maxLength"],
    ];
    for (const [body, pointer, detail] of cases) {
      const response = await create(body, key, { invalid: true });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(await response.json(), JSON.stringify(body)).toEqual(invalid(pointer, detail));
    }

    const several = await create({ local_path: 1, remote_url: "x".repeat(2049) }, key, { invalid: true });
    expect(await several.json()).toEqual({
      errors: [
        { title: "Invalid value", detail: "Missing field: name", source: { pointer: "/name" } },
        { title: "Invalid value", detail: "Invalid value", source: { pointer: "/local_path" } },
        { title: "Invalid value", detail: "String length is larger than maxLength", source: { pointer: "/remote_url" } },
      ],
    });

    const longest = { name: "x".repeat(100), local_path: "p".repeat(4096), remote_url: "u".repeat(2048), default_branch: "b".repeat(255) };
    const atTheLimits = await create(longest);
    expect(atTheLimits.status).toBe(201);
    const repository = await atTheLimits.json();
    expect(repository).toMatchObject(longest);
    const emoji = await create({ name: "😀".repeat(100) });
    expect(emoji.status, "lengths count characters, not UTF-16 units").toBe(201);

    const updateCases: [unknown, string, string][] = [
      [{ name: null }, "/name", "Invalid value"],
      [{ name: "" }, "/name", "String length is smaller than minLength"],
      [{ project_id: theirs.id }, "/project_id", "Invalid value"],
      [{ default_branch: "" }, "/default_branch", "String length is smaller than minLength"],
    ];
    for (const [body, pointer, detail] of updateCases) {
      const response = await update(repository.id, body, key, { invalid: true });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(await response.json(), JSON.stringify(body)).toEqual(invalid(pointer, detail));
    }
    expect(await (await server.request(repository.url, { key })).json()).toEqual(repository);
  });

  it("refuse control characters and line separators in names, on every create and update", async () => {
    const project = await createProject("Home of repositories");
    const repository = await createRepository();
    const writes = (name: string) => [
      create({ name }, key, { invalid: true }),
      server.request(`/api/v1/projects/${project.id}/repositories`, { key, method: "POST", body: { name }, invalid: true }),
      update(repository.id, { name }, key, { invalid: true }),
    ];
    for (const name of [...controlCharacterNames, forgedDayName]) {
      for (const response of await Promise.all(writes(name))) {
        expect(response.status, JSON.stringify(name)).toBe(422);
        expect(await response.json()).toEqual(invalid("/name", "Invalid value"));
      }
    }
    expect(await (await server.request(repository.url, { key })).json()).toEqual(repository);
    expect((await createRepository({ name: '=HYPERLINK("http://evil.test","x")' })).name).toBe('=HYPERLINK("http://evil.test","x")');
  });

  it("have names unique per account, also when two creates race", async () => {
    await createRepository({ name: "taken" });
    const duplicate = await create({ name: " taken " });
    expect(duplicate.status).toBe(422);
    expect(await duplicate.json()).toEqual(invalid("/name", "Duplicate value"));

    const renamed = await createRepository();
    const clash = await update(renamed.id, { name: "taken" });
    expect(clash.status).toBe(422);
    expect(await clash.json()).toEqual(invalid("/name", "Duplicate value"));

    const racing = await Promise.all([create({ name: "racing" }), create({ name: "racing" })]);
    expect(racing.map((response) => response.status).sort()).toEqual([201, 422]);
    const loser = racing.find((response) => response.status === 422)!;
    expect(await loser.json()).toEqual(invalid("/name", "Duplicate value"));

    expect((await create({ name: "taken" }, otherKey)).status).toBe(201);
  });

  it("are listed newest first, filtered by project", async () => {
    const walker = await newKey(server, { scopes: ["repo:*", "project:*"] });
    const first = await createProject("First", walker);
    const second = await createProject("Second", walker);
    const inFirst = [await createRepository({ project_id: first.id }, walker)];
    const inSecond = await createRepository({ project_id: second.id }, walker);
    inFirst.push(await createRepository({ project_id: first.id }, walker));
    const loose = await createRepository({}, walker);

    const all = await (await server.request("/api/v1/repositories", { key: walker })).json();
    expect(all.repositories.map((repository: { id: string }) => repository.id)).toEqual([loose.id, inFirst[1].id, inSecond.id, inFirst[0].id]);
    expect(all.meta).toEqual({
      result_count: 4,
      total_count: 4,
      total_count_exact: true,
      start_cursor: loose.id,
      end_cursor: inFirst[0].id,
      limit: 25,
      has_more: false,
    });

    const filtered = await (await server.request(`/api/v1/repositories?project_id=${first.id}`, { key: walker })).json();
    expect(filtered.repositories).toEqual([inFirst[1], inFirst[0]]);
    expect(filtered.meta).toMatchObject({ result_count: 2, total_count: 2 });

    const page = await (await server.request(`/api/v1/repositories?project_id=${first.id}&limit=1`, { key: walker })).json();
    expect(page.repositories).toEqual([inFirst[1]]);
    expect(page.meta).toMatchObject({ result_count: 1, total_count: 2, has_more: true, end_cursor: inFirst[1].id });
    const next = await (
      await server.request(`/api/v1/repositories?project_id=${first.id}&limit=1&starting_after=${page.meta.end_cursor}`, { key: walker })
    ).json();
    expect(next.repositories).toEqual([inFirst[0]]);
    expect(next.meta).toMatchObject({ result_count: 1, total_count: 2, has_more: false });

    const theirs = await createProject("Theirs", otherKey);
    const foreign = await (await server.request(`/api/v1/repositories?project_id=${theirs.id}`, { key: walker })).json();
    expect(foreign.repositories).toEqual([]);
    expect(foreign.meta).toMatchObject({ result_count: 0, total_count: 0, start_cursor: null, end_cursor: null });

    const malformed = await server.request("/api/v1/repositories?project_id=nope", { key: walker, invalid: true });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: { message: "project_id must be a UUID", type: "invalid_request_error" } });
  });

  it("are detached when their project is deleted", async () => {
    const project = await createProject("Short-lived");
    const repository = await createRepository({ project_id: project.id });
    expect((await server.request(project.url, { key, method: "DELETE" })).status).toBe(200);
    const detached = await (await server.request(repository.url, { key })).json();
    expect(detached).toEqual({ ...repository, project_id: null, updated_at: expect.stringMatching(timestamp) });
  });

  it("of another account are not found", async () => {
    const mine = await createRepository();
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await server.request(mine.url, { key: otherKey, method, body: method === "PUT" ? { name: "stolen" } : undefined });
      expect(response.status, method).toBe(404);
      expect(await response.json()).toEqual(notFound);
    }
    const theirList = await (await server.request("/api/v1/repositories", { key: otherKey })).json();
    expect(theirList.repositories.map((repository: { id: string }) => repository.id)).not.toContain(mine.id);
    expect(await (await server.request(mine.url, { key })).json()).toEqual(mine);

    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await server.request("/api/v1/repositories/not-a-uuid", {
        key,
        method,
        body: method === "PUT" ? { name: "x" } : undefined,
        invalid: true,
      });
      expect(response.status, method).toBe(404);
      expect(await response.json()).toEqual(notFound);
    }
  });

  it("need an API key with the repo scopes", async () => {
    const repository = await createRepository();
    const anonymous = await server.request("/api/v1/repositories");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: { message: "Missing API key. Please provide a valid API key as a Basic token.", type: "authentication_error" },
    });

    const wrongResource = await server.request("/api/v1/repositories", { key: projectOnlyKey });
    expect(wrongResource.status).toBe(403);
    expect(await wrongResource.json()).toEqual({
      error: { message: "Insufficient scope for this API key. Required: repo:read. Available: project:*", type: "authorization_error" },
      details: { required_scope: "repo:read", granted_scopes: ["project:*"] },
    });
    expect((await server.request(repository.url, { key: projectOnlyKey })).status).toBe(403);

    expect((await server.request("/api/v1/repositories", { key: readOnlyKey })).status).toBe(200);
    expect((await server.request(repository.url, { key: readOnlyKey })).status).toBe(200);
    const project = await createProject("Scoped");
    const writes: [string, string][] = [
      ["/api/v1/repositories", "POST"],
      [`/api/v1/projects/${project.id}/repositories`, "POST"],
      [repository.url, "PUT"],
      [repository.url, "DELETE"],
    ];
    for (const [path, method] of writes) {
      const response = await server.request(path, { key: readOnlyKey, method, body: method === "DELETE" ? undefined : { name: uniqueName() } });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect((await response.json()).details).toEqual({ required_scope: "repo:write", granted_scopes: ["repo:read"] });
    }
    expect(await (await server.request(repository.url, { key })).json()).toEqual(repository);
  });

  it("answer other methods with 405", async () => {
    const repository = await createRepository();
    const patch = await server.request(repository.url, { key, method: "PATCH", body: {}, invalid: true });
    expect(patch.status).toBe(405);
    expect(patch.headers.get("allow")).toBe("GET, HEAD, PUT, DELETE, OPTIONS");
    const project = await createProject("Methods");
    const list = await server.request(`/api/v1/projects/${project.id}/repositories`, { key, invalid: true });
    expect(list.status).toBe(405);
    expect(list.headers.get("allow")).toBe("POST, OPTIONS");
  });
});
