import {
  installStatusChangedV1,
  itemPublishedV1,
  PURCHASE_SNAPSHOT_EVENTS,
  STATEMENT_LIFECYCLE_EVENTS,
} from "@mp/contracts";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import type { ZodType } from "zod";
import type { makeFanOutEvent } from "../application/fan-out-event";

/**
 * The bus events webhooks are made from, one durable per feed (listed under `webhooks` in SUBSCRIPTIONS),
 * every event of a feed carrying one schema. Rollouts join as one more feed once their contract exists.
 */
export const FEEDS: readonly {
  durable: string;
  events: readonly { type: string; stream: string; data: ZodType }[];
}[] = [
  { durable: "webhooks-purchases", events: PURCHASE_SNAPSHOT_EVENTS },
  { durable: "webhooks-installs", events: [installStatusChangedV1] },
  { durable: "webhooks-items", events: [itemPublishedV1] },
  { durable: "webhooks-statements", events: STATEMENT_LIFECYCLE_EVENTS },
];

/**
 * One consumer per feed: each event becomes its deliveries in the inbox transaction, acknowledged only
 * after that commits (the bus's inbox makes a redelivery a no-op; the deliveries' key does too).
 */
export function eventConsumers(fanOut: ReturnType<typeof makeFanOutEvent>): RegisteredConsumer[] {
  return FEEDS.map((feed) =>
    defineConsumer<unknown>({
      durable: feed.durable,
      stream: (feed.events[0] as { stream: string }).stream,
      eventTypes: feed.events.map((e) => e.type),
      schema: (feed.events[0] as { data: ZodType }).data,
      // Under load several events share one transaction (each still one delivery per endpoint).
      concurrency: 4,
      batchSize: 32,
      handle: async (event, client, transaction) => {
        await fanOut(client, event, transaction);
      },
    }),
  );
}
