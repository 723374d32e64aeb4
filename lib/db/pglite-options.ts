import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

/**
 * What every embedded database of Worklog's schema is opened with: the extensions the
 * migrations create (`unaccent`, for the entries' search) must be loaded into PGlite before
 * `CREATE EXTENSION` can find them. The server, the migration shadow and the tests all open
 * theirs with these.
 */
export const pgliteOptions = { extensions: { unaccent } } satisfies PGliteOptions;

/** A PGlite in `dataDir` (in memory without one) that can hold Worklog's schema. */
export function openPGlite(dataDir?: string): PGlite {
  return new PGlite({ dataDir, ...pgliteOptions });
}
