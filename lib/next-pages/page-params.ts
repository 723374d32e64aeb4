import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { Access } from "@/lib/access/context";
import { currentAccess } from "@/lib/auth/current-user";
import type { User } from "@/lib/db/client";
import { listQuerySchema, type CursorPageRequest } from "@/lib/api/cursor-pagination";
import { isUuid } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";

/** Loads the resource a page's path names; a malformed id or a missing resource (or another account's) is the 404 page. */
export async function loadOrNotFound<T>(id: string, load: (id: string) => Promise<T>): Promise<T> {
  if (!isUuid(id)) notFound();
  try {
    return await load(id.toLowerCase());
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") notFound();
    throw error;
  }
}

/**
 * A resource page's title, e.g. "Website · Worklog": what `title` makes of the signed-in
 * account's resource, or `fallback` when there is none to name.
 */
export async function resourceTitle<T>(
  id: string,
  load: (access: Access, id: string) => Promise<T>,
  title: (resource: T, user: User) => string,
  fallback: string,
): Promise<Metadata> {
  const access = await currentAccess();
  if (!access || !isUuid(id)) return { title: fallback };
  try {
    return { title: title(await load(access, id.toLowerCase()), access.user) };
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") return { title: fallback };
    throw error;
  }
}

export type PageSearchParams = Record<string, string | string[] | undefined>;

/** A search parameter given once; repeated or absent ones count as absent. */
export function searchParam(searchParams: PageSearchParams, name: string): string | undefined {
  const value = searchParams[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

const cursorQuerySchema = listQuerySchema({});

/** The page of a list a page's URL asks for (its cursor), 25 items; a malformed cursor is the first page. */
export function cursorPageOfSearchParams(searchParams: PageSearchParams): CursorPageRequest {
  const parsed = cursorQuerySchema.safeParse({
    starting_after: searchParam(searchParams, "starting_after"),
    ending_before: searchParam(searchParams, "ending_before"),
  });
  return parsed.success ? parsed.data.page : { limit: 25 };
}
