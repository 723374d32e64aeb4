import "server-only";
import { Prisma } from "./generated/prisma/client";

/** A write met a row with the same unique key, through Prisma or the driver. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (error instanceof Prisma.PrismaClientKnownRequestError && code === "P2002") || code === "23505";
}

/** An update or delete found no row to act on. */
export function isRecordMissing(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025";
}

// PostgreSQL's codes for a server going away: 57P01-57P03 shutdown and crash recovery, 08* lost connections.
const unreachableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "57P01",
  "57P02",
  "57P03",
  "3D000",
  "08006",
  "08001",
  "08003",
]);

type ErrorChain = { code?: unknown; cause?: unknown; kind?: unknown; message?: unknown; meta?: { driverAdapterError?: unknown } };

/** The database could not be reached (down, restarting, dropped): a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error as ErrorChain | undefined, depth = 0; current && depth < 6; depth++) {
    if (typeof current.code === "string" && (unreachableCodes.has(current.code) || ["P1001", "P1002", "P1017", "P2024"].includes(current.code))) return true;
    if (current.kind === "DatabaseNotReachable" || current.kind === "ConnectionClosed" || current.kind === "DatabaseDoesNotExist") return true;
    if (
      typeof current.message === "string" &&
      /connect(ion)? (refused|terminated|timeout)|Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Query read timeout/i.test(
        current.message,
      )
    )
      return true;
    // Prisma reports a driver's error it has no code for (such as 57P01) as its own, with the driver's inside `meta`.
    current = (current.cause ?? current.meta?.driverAdapterError) as ErrorChain | undefined;
  }
  return false;
}

/** The driver's SQLSTATE `code` somewhere in the error's chain: Prisma wraps a raw statement's in its P2010. */
function hasDriverCode(error: unknown, code: string): boolean {
  for (let current = error as ErrorChain | undefined, depth = 0; current && depth < 6; depth++) {
    const { code: own, originalCode } = current as ErrorChain & { originalCode?: unknown };
    if (own === code || originalCode === code) return true;
    current = (current.cause ?? current.meta?.driverAdapterError) as ErrorChain | undefined;
  }
  return false;
}

/** A write named a row that is gone (deleted between the ownership check and the write), through Prisma, a raw statement or the driver. */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") || hasDriverCode(error, "23503");
}

/** A statement gave up waiting for a lock after `lock_timeout` (SQLSTATE 55P03), through Prisma or the driver. */
export function isLockTimeout(error: unknown): boolean {
  return hasDriverCode(error, "55P03");
}
