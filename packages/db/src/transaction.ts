import { AsyncLocalStorage } from "node:async_hooks";
import type { Pool, PoolClient } from "./pool";

/** Pools with a transaction open in the current async context (see `withTransaction`). */
const openTransactions = new AsyncLocalStorage<ReadonlySet<Pool>>();

/** Thrown when `withTransaction` is called inside another transaction on the same pool. */
export class NestedTransactionError extends Error {
  constructor() {
    super(
      "withTransaction was called inside a transaction on the same pool: it would take a second connection and commit on its own. Pass the transaction's client down instead (withSavepoint for a part that may fail alone).",
    );
    this.name = "NestedTransactionError";
  }
}

/**
 * Run `work` in one transaction: commit when it resolves, roll back when it throws. A write and its
 * outbox row go through here together, which is what makes the outbox trustworthy.
 *
 * - **Nesting is refused** (`NestedTransactionError`, before any connection is taken): an inner call would
 *   run on another connection, commit independently of the outer transaction and, with a small pool,
 *   wait for itself forever. Code inside a transaction takes the client it was given; a part that may fail
 *   on its own without failing the whole goes through `withSavepoint`.
 * - **A connection in an unknown state is destroyed, never reused**: when ROLLBACK fails (or the connection
 *   reports an error while checked out, e.g. the server ended an idle transaction), the client is released
 *   with the error, so the pool closes it instead of handing a half-open transaction to the next caller.
 */
export async function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const open = openTransactions.getStore();
  if (open?.has(pool)) throw new NestedTransactionError();
  const client = await pool.connect();
  let broken: Error | undefined;
  // A checked-out client with no query running emits connection errors as events; without a listener
  // that is an uncaught exception. Keep the error: the connection must not go back to the pool.
  const onError = (error: Error) => {
    broken ??= error;
  };
  client.on("error", onError);
  try {
    await client.query("BEGIN");
    const result = await openTransactions.run(new Set([...(open ?? []), pool]), () => work(client));
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch((rollbackError: Error) => {
      broken ??= rollbackError;
    });
    throw error;
  } finally {
    client.off("error", onError);
    client.release(broken ?? false);
  }
}

let savepoints = 0;

/**
 * Run `work` inside a savepoint of the transaction `client` belongs to: when it throws, only its changes
 * are undone and the error is rethrown; the enclosing transaction can go on.
 */
export async function withSavepoint<T>(client: PoolClient, work: () => Promise<T>): Promise<T> {
  const name = `sp_${++savepoints}`;
  await client.query(`SAVEPOINT ${name}`);
  try {
    const result = await work();
    await client.query(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
    throw error;
  }
}
