import { STREAMS, type StreamName } from "./streams";

/**
 * The service that owns each stream and publishes every subject in it (`<prefix>.>`): the NATS user of
 * that service alone may publish there, and consumers refuse an event on one of these subjects whose
 * `source` is another service (docs/adr/0007-nats-permissions.md).
 */
export const EVENT_OWNERS = {
  catalogue: { stream: STREAMS.CATALOGUE, prefix: "catalogue" },
  publishing: { stream: STREAMS.PUBLISHING, prefix: "publishing" },
  assets: { stream: STREAMS.ASSETS, prefix: "assets" },
  listings: { stream: STREAMS.LISTINGS, prefix: "listings" },
  purchases: { stream: STREAMS.PURCHASES, prefix: "purchases" },
  settlements: { stream: STREAMS.SETTLEMENTS, prefix: "settlements" },
  "iot-adapter": { stream: STREAMS.IOT, prefix: "iot" },
  webhooks: { stream: STREAMS.WEBHOOKS, prefix: "webhooks" },
} as const satisfies Record<string, { stream: (typeof STREAMS)[StreamName]; prefix: string }>;

export type EventOwner = keyof typeof EVENT_OWNERS;

const OWNER_BY_PREFIX = new Map<string, EventOwner>(
  Object.entries(EVENT_OWNERS).map(([owner, { prefix }]) => [prefix, owner as EventOwner]),
);

/** The service owning an un-namespaced subject (`iot.install.status-changed.v1` -> `iot-adapter`). */
export function ownerOfSubject(subject: string): EventOwner | undefined {
  return OWNER_BY_PREFIX.get(subject.split(".", 1)[0] ?? "");
}
