import { describe, expect, it } from "vitest";
import { grants, InvalidScopesError, normalizeScopes, splitScopeList } from "@/lib/auth/scopes";

function invalidScopesError(requested: string[]): InvalidScopesError {
  try {
    normalizeScopes(requested);
  } catch (error) {
    if (error instanceof InvalidScopesError) return error;
    throw error;
  }
  throw new Error(`normalizeScopes(${JSON.stringify(requested)}) did not throw`);
}

describe("normalizeScopes", () => {
  it.each(["*:read", "*:*", "*", "", "projects:read", "project:admin", "project:read:x", " project:read", "project:read ", "Project:read"])(
    "rejects %j",
    (scope) => {
      expect(invalidScopesError([scope]).invalid).toEqual([scope]);
    },
  );

  it("rejects an empty list", () => {
    const error = invalidScopesError([]);
    expect(error.invalid).toEqual([]);
    expect(error.message).toBe("Select at least one scope.");
  });

  it("rejects a list mixing valid and invalid scopes, naming only the invalid ones", () => {
    const error = invalidScopesError(["project:read", "*:read", "repo:write", "projects:read"]);
    expect(error.invalid).toEqual(["*:read", "projects:read"]);
    expect(error.message).toContain('Invalid scopes: "*:read", "projects:read".');
    expect(error.message).not.toContain('"project:read"');
  });

  it("names a single invalid scope in the singular", () => {
    expect(invalidScopesError(["project:admin"]).message).toMatch(/^Invalid scope: "project:admin"\. /);
  });

  it("collapses duplicates", () => {
    expect(normalizeScopes(["project:read", "project:read"])).toEqual(["project:read"]);
  });

  it("keeps a single explicit permission as it is", () => {
    expect(normalizeScopes(["repo:write"])).toEqual(["repo:write"]);
  });

  it("lets the wildcard absorb an explicit permission of the same resource", () => {
    expect(normalizeScopes(["project:*", "project:read"])).toEqual(["project:*"]);
    expect(normalizeScopes(["project:write", "project:*"])).toEqual(["project:*"]);
  });

  it("merges read and write into the wildcard", () => {
    expect(normalizeScopes(["worklog:read", "worklog:write"])).toEqual(["worklog:*"]);
  });

  it("orders the result user, project, repo, worklog whatever the request order", () => {
    expect(normalizeScopes(["worklog:read", "repo:write", "user:read", "project:*"])).toEqual(["user:read", "project:*", "repo:write", "worklog:read"]);
  });

  it("normalizes all eight explicit scopes to the four wildcards", () => {
    const explicit = ["worklog:write", "repo:read", "user:write", "project:read", "worklog:read", "project:write", "user:read", "repo:write"];
    expect(normalizeScopes(explicit)).toEqual(["user:*", "project:*", "repo:*", "worklog:*"]);
  });
});

describe("grants", () => {
  it("grants the exact scope", () => {
    expect(grants(["project:read"], "project:read")).toBe(true);
    expect(grants(["user:read", "repo:write"], "repo:write")).toBe(true);
  });

  it("grants read and write through the resource wildcard", () => {
    expect(grants(["project:*"], "project:read")).toBe(true);
    expect(grants(["project:*"], "project:write")).toBe(true);
  });

  it("does not grant another permission on the same resource", () => {
    expect(grants(["project:read"], "project:write")).toBe(false);
    expect(grants(["project:write"], "project:read")).toBe(false);
  });

  it("does not grant another resource", () => {
    expect(grants(["repo:*"], "project:read")).toBe(false);
    expect(grants(["user:read"], "worklog:read")).toBe(false);
  });

  it("grants nothing from an empty list or a global wildcard", () => {
    expect(grants([], "user:read")).toBe(false);
    expect(grants(["*:*", "*"], "user:read")).toBe(false);
  });
});

describe("splitScopeList", () => {
  it("splits on commas and any whitespace", () => {
    expect(splitScopeList("user:read, project:write\trepo:*\n worklog:read")).toEqual(["user:read", "project:write", "repo:*", "worklog:read"]);
  });

  it("drops empty entries from repeated, leading and trailing separators", () => {
    expect(splitScopeList(" ,user:read,,  repo:read, ")).toEqual(["user:read", "repo:read"]);
  });

  it("returns an empty list for a blank string", () => {
    expect(splitScopeList("")).toEqual([]);
    expect(splitScopeList(" , ")).toEqual([]);
  });
});
