import type { Pool, PoolClient } from "./pool";

/**
 * Run `work` in one transaction: commit when it resolves, roll back when it throws. A write and its
 * outbox row go through here together, which is what makes the outbox trustworthy.
 */
export async function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
