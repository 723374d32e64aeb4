import "server-only";
import { Prisma, type EntriesVisibleTo, type User, type WorkspaceRole } from "@/lib/db/client";

declare const built: unique symbol;

/** The workspace a request works in, as who asks carries it. */
export type AccessWorkspace = { readonly id: string; readonly slug: string; readonly name: string; readonly entriesVisibleTo: EntriesVisibleTo };

/** A user's place in a workspace: the workspace and their role there. */
export type Membership = { readonly workspace: AccessWorkspace; readonly role: WorkspaceRole };

/**
 * Who asks: the one value every function that reads or writes owned data takes. Built once, by
 * the API wrapper, a signed-in page or server action, an MCP tool call, a job of the queue, an
 * incoming forge delivery (README, "Architecture"), and handed down; never rebuilt from a loose
 * user id. The user, the workspace that owns the rows, and the user's role in it.
 */
export type Access = { readonly user: User; readonly workspace: AccessWorkspace; readonly role: WorkspaceRole; readonly [built]: true };

/** Only the builders call this (tests/unit/access-builders.test.ts keeps the list). */
export function accessFor(user: User, { workspace, role }: Membership): Access {
  return { user, workspace, role } as Access;
}

/** Prisma's `where` for the rows `access`'s workspace owns. */
export function owned(access: Access): { workspaceId: string } {
  return { workspaceId: access.workspace.id };
}

/** A new row's owner and creator (or author): the workspace, and the user who writes it. */
export function createdBy(access: Access): { workspaceId: string; userId: string } {
  return { workspaceId: access.workspace.id, userId: access.user.id };
}

/** The id that owns `access`'s rows (the workspace's), for a statement that writes an owner column or keys by owner. */
export function ownerId(access: Access): string {
  return access.workspace.id;
}

/** Whether `access` reads only its own entries: a member or viewer of a workspace that shows entries to admins only. */
function readsOwnEntriesOnly(access: Access): boolean {
  return access.workspace.entriesVisibleTo === "admins" && (access.role === "member" || access.role === "viewer");
}

/** Whether `access` reads every entry of its workspace, so that the workspace's counted totals of entries are its own. */
export function readsAllEntries(access: Access): boolean {
  return !readsOwnEntriesOnly(access);
}

/** The author `access` reads the entries of (readableEntries), or null when it reads them all: the value for readableEntriesAt's reader placeholder. */
export function entryReaderId(access: Access): string | null {
  return readsOwnEntriesOnly(access) ? access.user.id : null;
}

/** Prisma's `where` for the entries `access` may read: its workspace's, or only its own ones where others' are hidden from it. */
export function readableEntries(access: Access): { workspaceId: string; userId?: string } {
  return readsOwnEntriesOnly(access) ? { ...owned(access), userId: access.user.id } : owned(access);
}

/**
 * Prisma's `where` for the recaps `access` may read: a recap quotes the entries its author read,
 * so where others' entries are hidden from `access`, so are others' recaps.
 */
export function readableRecaps(access: Access): { workspaceId: string; userId?: string } {
  return readableEntries(access);
}

/** Prisma's `where` for the entries `access` may change: its own ones in its workspace (entries are changed by their author only). */
export function writableEntries(access: Access): { workspaceId: string; userId: string } {
  return createdBy(access);
}

const column = (alias: string | undefined, name: string) => (alias ? `${alias}.${name}` : name);

/** The rows `access` owns, in a tagged statement (`$queryRaw`): `alias.workspace_id = $n::uuid`. */
export function ownedSql(access: Access, alias?: string): Prisma.Sql {
  return Prisma.sql`${Prisma.raw(column(alias, "workspace_id"))} = ${access.workspace.id}::uuid`;
}

/** The entries `access` may read (readableEntries) in a tagged statement. */
export function readableEntriesSql(access: Access, alias?: string): Prisma.Sql {
  const workspace = ownedSql(access, alias);
  return readsOwnEntriesOnly(access) ? Prisma.sql`${workspace} AND ${Prisma.raw(column(alias, "user_id"))} = ${access.user.id}::uuid` : workspace;
}

/** The entries `access` may change (writableEntries) in a tagged statement. */
export function writableEntriesSql(access: Access, alias?: string): Prisma.Sql {
  return Prisma.sql`${ownedSql(access, alias)} AND ${Prisma.raw(column(alias, "user_id"))} = ${access.user.id}::uuid`;
}

/** The same condition in a statement written as text, with `bind`, which adds a value and returns its placeholder. */
export function ownedCondition(access: Access, bind: (value: unknown) => string, alias?: string): string {
  return `${column(alias, "workspace_id")} = ${bind(access.workspace.id)}::uuid`;
}

/** The entries `access` may read (readableEntries) in a statement written as text, with `bind`. */
export function readableEntriesCondition(access: Access, bind: (value: unknown) => string, alias?: string): string {
  const workspace = ownedCondition(access, bind, alias);
  return readsOwnEntriesOnly(access) ? `${workspace} AND ${column(alias, "user_id")} = ${bind(access.user.id)}::uuid` : workspace;
}

/**
 * The same condition in a statement fixed as text ahead of time (a module's constant), at the
 * placeholder that statement gives the owner, bound to `ownerId(access)`: `ownedAt("$1", "e")`.
 */
export function ownedAt(placeholder: `$${number}`, alias?: string): string {
  return `${column(alias, "workspace_id")} = ${placeholder}::uuid`;
}

/**
 * readableEntries in a statement fixed as text ahead of time: the workspace at `workspace`
 * (bound to `ownerId(access)`) and the author at `reader` (bound to `entryReaderId(access)`,
 * null when every entry is readable).
 */
export function readableEntriesAt(workspace: `$${number}`, reader: `$${number}`, alias?: string): string {
  return `${ownedAt(workspace, alias)} AND (${reader}::uuid IS NULL OR ${column(alias, "user_id")} = ${reader}::uuid)`;
}
