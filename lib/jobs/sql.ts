import "server-only";
import { queryRows } from "@/lib/db/sql";

/** Runs one statement on the app's connection, or in tests on another one. */
export type Sql = <Row>(text: string, values: unknown[]) => Promise<Row[]>;

/**
 * The time the queue goes by. By default the database's own (`clock_timestamp()`), which every
 * instance shares; tests fix it, so that no test waits for a backoff or a lease to pass.
 */
export type Clock = () => Date;

export const appSql: Sql = (text, values) => queryRows(text, values);

/** `$n`, the clock's time when one is given, else the database's. */
export const nowParameter = (n: number) => `coalesce($${n}::timestamptz, clock_timestamp())`;
export const timeOf = (clock: Clock | undefined) => clock?.().toISOString() ?? null;
