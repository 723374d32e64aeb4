import type { Scope, ScopePermission, ScopeResource } from "@/lib/auth/scopes";

const resourceWords: Record<ScopeResource, string> = {
  user: "your profile (name, email, time zone)",
  workspace: "the workspace's settings, members and invitations",
  project: "your projects",
  repo: "your repositories and their commits",
  worklog: "your worklog entries and recaps",
};

const permissionWords: Record<ScopePermission, string> = {
  read: "See",
  write: "Create, change and delete",
  "*": "See, create, change and delete",
};

/** A scope in plain words, e.g. `project:read` → "See your projects". */
export function describeScope(scope: Scope): string {
  const [resource, permission] = scope.split(":") as [ScopeResource, ScopePermission];
  return `${permissionWords[permission]} ${resourceWords[resource]}`;
}
