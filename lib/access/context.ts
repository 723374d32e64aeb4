import "server-only";
import { Prisma, type User } from "@/lib/db/client";

declare const built: unique symbol;

/**
 * Who asks: the one value every function that reads or writes owned data takes. Built once, by
 * the API wrapper, a signed-in page or server action, an MCP tool call, a job of the queue, an
 * incoming forge delivery (README, "Architecture"), and handed down; never rebuilt from a loose
 * user id. Today the user, who owns every row; a workspace and a role join it with teams.
 */
export type Access = { readonly user: User; readonly [built]: true };

/** Only the builders call this (tests/unit/access-builders.test.ts keeps the list). */
export function accessFor(user: User): Access {
  return { user } as Access;
}

/** Prisma's `where` (and a new row's data) for the rows `access` owns. */
export function owned(access: Access): { userId: string } {
  return { userId: access.user.id };
}

/** The id that owns `access`'s rows, for a statement that writes an owner column or keys by owner. */
export function ownerId(access: Access): string {
  return access.user.id;
}

const ownerColumn = (alias: string | undefined) => (alias ? `${alias}.user_id` : "user_id");

/** The rows `access` owns, in a tagged statement (`$queryRaw`): `alias.user_id = $n::uuid`. */
export function ownedSql(access: Access, alias?: string): Prisma.Sql {
  return Prisma.sql`${Prisma.raw(ownerColumn(alias))} = ${access.user.id}::uuid`;
}

/** The same condition in a statement written as text, with `bind`, which adds a value and returns its placeholder. */
export function ownedCondition(access: Access, bind: (value: unknown) => string, alias?: string): string {
  return `${ownerColumn(alias)} = ${bind(access.user.id)}::uuid`;
}

/**
 * The same condition in a statement fixed as text ahead of time (a module's constant), at the
 * placeholder that statement gives the owner, bound to `ownerId(access)`: `ownedAt("$1", "e")`.
 */
export function ownedAt(placeholder: `$${number}`, alias?: string): string {
  return `${ownerColumn(alias)} = ${placeholder}::uuid`;
}
