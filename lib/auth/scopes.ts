import { AppError } from "@/lib/errors";

export const scopeResources = ["user", "workspace", "project", "repo", "worklog"] as const;
export const scopePermissions = ["read", "write", "*"] as const;

export type ScopeResource = (typeof scopeResources)[number];
export type ScopePermission = (typeof scopePermissions)[number];
export type Scope = `${ScopeResource}:${ScopePermission}`;
/** What an endpoint requires: never a wildcard. */
export type RequiredScope = `${ScopeResource}:${"read" | "write"}`;

export function isScope(value: string): value is Scope {
  const [resource, permission, ...rest] = value.split(":");
  return rest.length === 0 && scopeResources.includes(resource as ScopeResource) && scopePermissions.includes(permission as ScopePermission);
}

export class InvalidScopesError extends Error {
  constructor(readonly invalid: string[]) {
    super(
      invalid.length === 0
        ? "Select at least one scope."
        : `Invalid scope${invalid.length > 1 ? "s" : ""}: ${invalid.map((scope) => JSON.stringify(scope)).join(", ")}. ` +
            `A scope is <resource>:<permission> with resource user, workspace, project, repo or worklog and permission read, write or *.`,
    );
    this.name = "InvalidScopesError";
  }
}

/**
 * Validates a requested set and collapses it: duplicates go, and read plus write (or either
 * beside the wildcard) become `<resource>:*`. The result is in a stable order.
 */
export function normalizeScopes(requested: readonly string[]): Scope[] {
  const invalid = requested.filter((scope) => !isScope(scope));
  if (invalid.length > 0 || requested.length === 0) throw new InvalidScopesError(invalid);
  const normalized: Scope[] = [];
  for (const resource of scopeResources) {
    const granted = new Set(requested.filter((scope) => scope.startsWith(`${resource}:`)).map((scope) => scope.split(":")[1]));
    if (granted.has("*") || (granted.has("read") && granted.has("write"))) normalized.push(`${resource}:*`);
    else if (granted.has("read")) normalized.push(`${resource}:read`);
    else if (granted.has("write")) normalized.push(`${resource}:write`);
  }
  return normalized;
}

/** Splits a list given as one string, on commas and whitespace. */
export function splitScopeList(value: string): string[] {
  return value.split(/[\s,]+/).filter(Boolean);
}

export function grants(granted: readonly string[], required: RequiredScope): boolean {
  const [resource] = required.split(":");
  return granted.includes(required) || granted.includes(`${resource}:*`);
}

/**
 * Throws the contract's 403 unless the granted scopes include every required one (docs/api.md,
 * "Scopes"); it names those the endpoint requires, separated by spaces as OAuth scopes are.
 */
export function requireScope(granted: readonly string[], required: RequiredScope | readonly RequiredScope[], credential: "API key" | "OAuth token"): void {
  const requiredList: readonly RequiredScope[] = typeof required === "string" ? [required] : required;
  if (requiredList.every((scope) => grants(granted, scope))) return;
  const named = requiredList.join(" ");
  throw new AppError("authorization", `Insufficient scope for this ${credential}. Required: ${named}. Available: ${granted.join(", ")}`, {
    extra: { details: { required_scope: named, granted_scopes: [...granted] } },
  });
}
