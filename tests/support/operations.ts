import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { Operation } from "@/lib/api/operation";

const lib = path.resolve(import.meta.dirname, "../../lib");

/**
 * Every group of operations the domains declare, by the name it is exported under: all the
 * exports of every `lib/<domain>/operations.ts`, found on disk rather than through the list
 * that lib/openapi/document.ts collects them by.
 */
export async function declaredOperationGroups(): Promise<Map<string, Record<string, Operation>>> {
  const files = readdirSync(lib, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(lib, entry.name, "operations.ts"))
    .filter((file) => existsSync(file));
  const groups = new Map<string, Record<string, Operation>>();
  for (const file of files) {
    for (const [name, group] of Object.entries(await import(file))) groups.set(name, group as Record<string, Operation>);
  }
  return groups;
}
