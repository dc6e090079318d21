import type { PoolClient } from "@mp/db";
import { deliveryBody, translate } from "../domain/translation";
import type { DeliveryIntake, EndpointRepository, FreshDelivery, IdGenerator, Subscriber } from "./ports";

/** The consumer's transaction: work registered here runs after the last event's handler, before commit. */
export interface BatchTransaction {
  beforeCommit(task: () => Promise<void>): void;
}

/** What one transaction has gathered: its deliveries, and the subscribers it already looked up. */
interface Gathered {
  deliveries: FreshDelivery[];
  subscribers: Map<string, Promise<Subscriber[]>>;
}

/**
 * A bus event, in the consumer's inbox transaction: its webhook event (if the translation table makes
 * one) becomes one delivery per enabled endpoint of the organisation it concerns that subscribed to it.
 * The deliveries of every event the transaction applies go to the intake together just before it commits
 * (one statement, one NOTIFY; those the workers have room for are attempted as soon as it commits), and
 * each organisation's subscribers are looked up once per transaction. A redelivered event makes none
 * twice (unique per event and endpoint).
 */
export function makeFanOutEvent(deps: {
  endpoints: EndpointRepository;
  intake: DeliveryIntake;
  ids: IdGenerator;
}) {
  const open = new WeakMap<BatchTransaction, Gathered>();
  const gatheredIn = (tx: PoolClient, transaction: BatchTransaction): Gathered => {
    let gathered = open.get(transaction);
    if (!gathered) {
      const fresh: Gathered = { deliveries: [], subscribers: new Map() };
      gathered = fresh;
      open.set(transaction, fresh);
      transaction.beforeCommit(async () => {
        open.delete(transaction);
        await deps.intake.add(tx, fresh.deliveries);
      });
    }
    return gathered;
  };

  return async (
    tx: PoolClient,
    event: { id: string; type: string; occurredAt: string; data: unknown },
    transaction?: BatchTransaction,
  ): Promise<number> => {
    const webhook = translate(event.type, event.data);
    if (!webhook) return 0;
    const gathered = transaction && gatheredIn(tx, transaction);
    const key = `${webhook.organisationId}|${webhook.type}`;
    let lookup = gathered?.subscribers.get(key);
    if (!lookup) {
      lookup = deps.endpoints.subscribers(tx, webhook.organisationId, webhook.type);
      gathered?.subscribers.set(key, lookup);
    }
    const endpoints = await lookup;
    if (endpoints.length === 0) return 0;
    const body = deliveryBody(event.id, event.occurredAt, webhook);
    const createdAt = new Date();
    const made = endpoints.map(
      (endpoint): FreshDelivery => ({
        id: deps.ids.next(),
        endpointId: endpoint.id,
        organisationId: webhook.organisationId,
        eventId: event.id,
        eventType: webhook.type,
        body,
        createdAt,
        endpoint,
      }),
    );
    if (gathered) gathered.deliveries.push(...made);
    else await deps.intake.add(tx, made);
    return made.length;
  };
}
