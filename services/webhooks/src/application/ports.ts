import type { Paged, PageQuery, PoolClient, Queryable } from "@mp/db";
import type { AttemptOutcome, Delivery, DeliveryStatus } from "../domain/delivery";
import type { Endpoint } from "../domain/endpoint";

/** Signing secrets: made, and sealed at rest so that a database read alone cannot sign. */
export interface SecretBox {
  /** A fresh `whsec_...` secret. */
  generate(): string;
  /** The secret encrypted, bound to its endpoint (a sealed secret moved to another row does not open). */
  seal(endpointId: string, secret: string): Buffer;
  open(endpointId: string, sealed: Buffer): string;
}

export interface SealedSecrets {
  current: Buffer;
  previous: Buffer | null;
  previousExpiresAt: Date | null;
}

export type EndpointOrder = "createdAt";
export type DeliveryOrder = "createdAt";

export interface EndpointRepository {
  insert(tx: PoolClient, endpoint: Endpoint, secret: Buffer): Promise<void>;
  /** How many endpoints the organisation holds, counted under its advisory lock (taken here). */
  countLocked(tx: PoolClient, organisationId: string): Promise<number>;
  /** One of the organisation's endpoints; another organisation's is not found. */
  get(db: Queryable, organisationId: string, id: string): Promise<Endpoint | undefined>;
  /** The same, row-locked in `tx`. */
  lock(tx: PoolClient, organisationId: string, id: string): Promise<Endpoint | undefined>;
  /** Store url, events, description, enabled, disabledReason and updatedAt. */
  update(tx: PoolClient, endpoint: Endpoint): Promise<void>;
  /** The current secret becomes the previous one (signing until `previousExpiresAt`); `secret` the current. */
  rotate(tx: PoolClient, id: string, secret: Buffer, previousExpiresAt: Date, now: Date): Promise<void>;
  delete(tx: PoolClient, organisationId: string, id: string): Promise<boolean>;
  list(organisationId: string, query: PageQuery<EndpointOrder>): Promise<Paged<Endpoint>>;
  /** Ids of the organisation's enabled endpoints subscribed to `type`. */
  subscribers(tx: PoolClient, organisationId: string, type: string): Promise<string[]>;
  /** Ids of the organisation's enabled endpoints other than `exceptId`. */
  othersEnabled(tx: PoolClient, organisationId: string, exceptId: string): Promise<string[]>;
}

/** A delivery to make: one row per event and endpoint. */
export interface NewDelivery {
  id: string;
  endpointId: string;
  organisationId: string;
  eventId: string;
  eventType: string;
  body: string;
  createdAt: Date;
}

/** A delivery a worker claimed for one attempt, with what it needs to sign and send it. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  organisationId: string;
  url: string;
  body: string;
  /** This attempt's number (1-based): the claim counted it. */
  attempt: number;
  firstAttemptAt: Date;
  secrets: SealedSecrets;
  /** The endpoint failed an attempt since its last 2xx: retries may be waiting. */
  endpointRetrying: boolean;
}

export interface ClaimLimits {
  /** Deliveries to claim at most. */
  limit: number;
  /** Attempts in flight per endpoint at most, across every replica. */
  perEndpoint: number;
  /** How long a claim holds a delivery (longer than an attempt's timeout). */
  leaseMs: number;
}

export interface DeliveryRepository {
  /** Insert the deliveries not made yet (one per event and endpoint) and wake the workers; the count made. */
  enqueue(tx: PoolClient, deliveries: readonly NewDelivery[]): Promise<number>;
  /** Due deliveries of enabled endpoints, leased: every replica serialises its claims on one lock. */
  claim(now: Date, limits: ClaimLimits): Promise<ClaimedDelivery[]>;
  /** The attempt's outcome, stored only when the delivery is still at that attempt (the claim's). */
  recordAttempt(
    claimed: ClaimedDelivery,
    outcome: AttemptOutcome,
    next: { status: DeliveryStatus; nextAttemptAt: Date | null },
    now: Date,
    tx?: PoolClient,
  ): Promise<boolean>;
  /**
   * The endpoint's pending deliveries waiting for a retry (tried before, not leased) are due at `now`: it
   * has just answered 2xx, so what it missed while it was down need not wait for the schedule. Clears the
   * endpoint's `retrying` mark.
   */
  hurryRetries(endpointId: string, now: Date): Promise<number>;
  /** Marks the endpoint as having retries waiting (after a failed attempt). */
  markRetrying(endpointId: string): Promise<void>;
  list(
    endpointId: string,
    query: PageQuery<DeliveryOrder>,
    status: DeliveryStatus | undefined,
  ): Promise<Paged<Delivery>>;
  /** Due again now (pending, not leased), whatever its state; undefined when not the endpoint's. */
  replay(tx: PoolClient, endpointId: string, id: string, now: Date): Promise<Delivery | undefined>;
}

/** Posts a signed body to an endpoint: one attempt, its outcome (never throws for the receiver's faults). */
export interface WebhookSender {
  send(url: string, body: string, headers: Record<string, string>): Promise<AttemptOutcome>;
}

export interface UnitOfWork {
  run<T>(work: (tx: PoolClient) => Promise<T>): Promise<T>;
}

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  next(): string;
}
