import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TurnTakingPGlite } from "@/lib/db/turn-taking-pglite";

/**
 * How many of `count` queries finish before the event loop's next turn: before an immediate set
 * alongside them runs (a timer would be timing-dependent: its 1 ms can span several turns).
 */
async function finishedBeforeTheNextTurn(database: PGlite, count: number) {
  await database.query("SELECT 1");
  let finished = 0;
  const queries = Array.from({ length: count }, (_, index) => database.query("SELECT $1::int AS n", [index]).then(() => finished++));
  const beforeNextTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(finished)));
  await Promise.all(queries);
  return beforeNextTurn;
}

describe("the embedded database's turn-taking", () => {
  const plain = new PGlite();
  const turnTaking = new TurnTakingPGlite();
  // Starting PGlite (a WebAssembly PostgreSQL) takes seconds on a busy machine: that is start-up,
  // not what is tested, so it gets the budget of a slow machine and the tests count turns only.
  beforeAll(() => Promise.all([plain.waitReady, turnTaking.waitReady]), 120_000);
  afterAll(async () => {
    await plain.close();
    await turnTaking.close();
  });

  it("lets the event loop turn between queries, where plain PGlite runs them all back to back", async () => {
    expect(await finishedBeforeTheNextTurn(plain, 20)).toBe(20);
    expect(await finishedBeforeTheNextTurn(turnTaking, 20)).toBeLessThanOrEqual(1);
  });

  it("answers every query, in order, and runs transactions", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => turnTaking.query<{ n: number }>("SELECT $1::int AS n", [index])));
    expect(answers.map((answer) => answer.rows[0]!.n)).toEqual([...Array(10).keys()]);
    const inside = await turnTaking.transaction(async (transaction) => (await transaction.query<{ n: number }>("SELECT 7 AS n")).rows[0]!.n);
    expect(inside).toBe(7);
  });
});
