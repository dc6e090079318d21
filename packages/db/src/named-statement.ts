import { createHash } from "node:crypto";
import type { QueryConfig } from "pg";

/** Texts named so far; a handful per code path, so the cap only guards against generated texts. */
const names = new Map<string, string>();
const MAX_REMEMBERED = 1_000;

/**
 * `text` and `values` as a named statement: PostgreSQL parses and plans it once per connection, then only
 * binds and executes it, where an unnamed statement is parsed and planned on every call (for the bus's
 * outbox append, about a quarter of a millisecond of server CPU each time). The name is derived from the
 * text (a digest), so two statements never share a name and the same text always gets the same one,
 * whichever module builds it. For statements run often whose text does not depend on the data (the
 * number of values included: pass lists as arrays).
 */
export function named(text: string, values: unknown[]): QueryConfig {
  let name = names.get(text);
  if (name === undefined) {
    name = `mp_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;
    if (names.size >= MAX_REMEMBERED) names.clear();
    names.set(text, name);
  }
  return { name, text, values };
}
