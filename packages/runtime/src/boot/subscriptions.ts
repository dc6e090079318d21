import { findSubscription } from "@mp/contracts";

/**
 * Refuse to start a service whose consumers are not all in `SUBSCRIPTIONS` (@mp/contracts) under its name,
 * stream and event types: the deployed NATS permissions are generated from that table and allow no other
 * durable, so an unlisted consumer would retry forever without ever receiving an event.
 */
export function assertListedConsumers(
  service: string,
  consumers: readonly { durable: string; stream: string; eventTypes: readonly string[] }[],
): void {
  const unlisted = consumers.filter((c) => !findSubscription(service, c));
  if (unlisted.length === 0) return;
  const names = unlisted.map((c) => `${c.durable} (${c.stream}: ${[...c.eventTypes].sort().join(", ")})`);
  throw new Error(
    `${service} consumers missing from SUBSCRIPTIONS in @mp/contracts: ${names.join("; ")}. ` +
      "List them there, then run `pnpm nats:write` to regenerate the NATS permissions.",
  );
}
