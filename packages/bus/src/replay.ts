import type { Queryable } from "@mp/db";
import type { Bus } from "./connection";
import { isDurableOf } from "./durable-name";
import { streamPrefix } from "./namespace";

/**
 * Delete every JetStream durable of a logical consumer (whatever its event-type hash) in this bus's
 * namespace. The running consumer notices, creates its durable again, and reads its stream from the first
 * message still retained; the inbox skips what it already applied, and the aggregate versions make the
 * rest safe in any order. With `forgetInbox` the consumer's inbox rows are deleted first (in batches), so
 * every retained event is handled again: use it to rebuild a read model after emptying it.
 * Resolves to the durables deleted.
 */
export async function resetConsumer(
  bus: Bus,
  logical: string,
  options: { db?: Queryable; forgetInbox?: boolean } = {},
): Promise<string[]> {
  if (options.forgetInbox) {
    if (!options.db) throw new Error("forgetInbox needs the consumer's database");
    for (;;) {
      const { rowCount } = await options.db.query(
        `DELETE FROM inbox WHERE consumer = $1 AND ctid = ANY(ARRAY(
           SELECT ctid FROM inbox WHERE consumer = $1 LIMIT 1000))`,
        [logical],
      );
      if ((rowCount ?? 0) < 1000) break;
    }
  }
  const prefix = streamPrefix(bus.namespace);
  const deleted: string[] = [];
  for await (const stream of bus.jsm.streams.names()) {
    if (!stream.startsWith(prefix)) continue;
    for await (const info of bus.jsm.consumers.list(stream)) {
      if (!isDurableOf(logical, info.name)) continue;
      await bus.jsm.consumers.delete(stream, info.name);
      deleted.push(`${stream}/${info.name}`);
    }
  }
  return deleted;
}
