import { PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

/**
 * The embedded database runs its queries on the server's own thread, and a query's promise
 * chain goes on in microtasks: under load, one event-loop iteration would run every waiting
 * request's queries back to back, and Node accepts at most one new connection per iteration, so
 * a new client could wait seconds to be heard (README, "What the hot paths do, and why"). Here
 * queries and transactions start one per iteration, in the order they were asked for.
 */
export class TurnTakingPGlite extends PGlite {
  readonly #waiting: (() => void)[] = [];
  #granting = false;

  override async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    await this.#turn();
    return super.query<T>(query, params, options);
  }

  override async transaction<T>(callback: (transaction: Transaction) => Promise<T>): Promise<T> {
    await this.#turn();
    return super.transaction(callback);
  }

  #turn(): Promise<void> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      if (!this.#granting) this.#grantNext();
    });
  }

  #grantNext() {
    this.#granting = true;
    setImmediate(() => {
      this.#waiting.shift()?.();
      if (this.#waiting.length > 0) this.#grantNext();
      else this.#granting = false;
    });
  }
}
