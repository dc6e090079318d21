import { AsyncLocalStorage } from "node:async_hooks";
import { setTimeout } from "node:timers/promises";
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
 * SQLSTATEs of a transaction that lost to a concurrent one and is safe to run again from the start:
 * serialization_failure (40001: SERIALIZABLE or REPEATABLE READ saw a conflicting write) and
 * deadlock_detected (40P01: PostgreSQL ended one of two transactions waiting for each other).
 */
const CONFLICT_CODES = new Set(["40001", "40P01"]);

/** How many times `withTransaction` runs a transaction that keeps losing to concurrent ones, by default. */
export const TRANSACTION_ATTEMPTS = 3;

/** Whether `error` is PostgreSQL ending a transaction for a concurrent one (40001, 40P01). */
export function isTransactionConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && CONFLICT_CODES.has(code);
}

export interface TransactionOptions {
  /** The isolation level; the server's default (READ COMMITTED) when absent. */
  isolation?: "serializable" | "repeatable read" | "read committed";
  /**
   * Runs of `work` in all, the first included, while the transaction loses to concurrent ones (40001,
   * 40P01); default {@link TRANSACTION_ATTEMPTS}, 1 for none. The last conflict is thrown as it came (the
   * transports answer it 503 `upstream-unavailable` with `Retry-After`).
   */
  attempts?: number;
}

/**
 * Run `work` in one transaction: commit when it resolves, roll back when it throws. A write and its
 * outbox row go through here together, which is what makes the outbox trustworthy.
 *
 * - **A serialization failure or a deadlock runs the transaction again** (see `TransactionOptions`), after
 *   a short random pause so the two do not meet again: `work` must therefore keep its state inside the
 *   call (what it read or wrote in a rolled-back run is gone).
 * - **Nesting is refused** (`NestedTransactionError`, before any connection is taken): an inner call would
 *   run on another connection, commit independently of the outer transaction and, with a small pool,
 *   wait for itself forever. Code inside a transaction takes the client it was given; a part that may fail
 *   on its own without failing the whole goes through `withSavepoint`.
 * - **A connection in an unknown state is destroyed, never reused**: when ROLLBACK fails (or the connection
 *   reports an error while checked out, e.g. the server ended an idle transaction), the client is released
 *   with the error, so the pool closes it instead of handing a half-open transaction to the next caller.
 */
export async function withTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const open = openTransactions.getStore();
  if (open?.has(pool)) throw new NestedTransactionError();
  const attempts = Math.max(1, options.attempts ?? TRANSACTION_ATTEMPTS);
  const begin = options.isolation ? `BEGIN ISOLATION LEVEL ${options.isolation.toUpperCase()}` : "BEGIN";
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(pool, begin, open, work);
    } catch (error) {
      if (attempt >= attempts || !isTransactionConflict(error)) throw error;
      await setTimeout(Math.floor(Math.random() * 20 * attempt));
    }
  }
}

async function runOnce<T>(
  pool: Pool,
  begin: string,
  open: ReadonlySet<Pool> | undefined,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // A checked-out client with no query running emits connection errors as events; without a listener
  // that is an uncaught exception. Keep the error: the connection must not go back to the pool.
  const onError = (error: Error) => {
    broken ??= error;
  };
  client.on("error", onError);
  try {
    await client.query(begin);
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
