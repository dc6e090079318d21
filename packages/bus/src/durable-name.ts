import { createHash } from "node:crypto";

const LOGICAL_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * The JetStream durable of a logical consumer: its name plus a short hash of its sorted, de-duplicated
 * event types (`publishing-instances-1a2b3c4d`). A release that changes the set gets a new durable, which
 * starts at the beginning of the stream, so the event types it adds are delivered from the first one
 * still retained, however many of them an older replica on the old durable saw first. The inbox and the
 * dead letters stay keyed by the logical name, so what both durables deliver is applied once.
 */
export function durableName(logical: string, eventTypes: readonly string[]): string {
  if (!LOGICAL_NAME.test(logical)) {
    throw new Error(`Invalid consumer name "${logical}": use letters, digits, "-" and "_"`);
  }
  if (eventTypes.length === 0) throw new Error(`Consumer ${logical} needs event types`);
  const set = [...new Set(eventTypes)].sort().join("\n");
  return `${logical}-${createHash("sha256").update(set).digest("hex").slice(0, 8)}`;
}

/** True for a durable `durableName(logical, …)` produced, whatever its event types. */
export function isDurableOf(logical: string, durable: string): boolean {
  return (
    durable.length === logical.length + 9 &&
    durable.startsWith(`${logical}-`) &&
    /^[0-9a-f]{8}$/.test(durable.slice(-8))
  );
}
