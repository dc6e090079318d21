import type { Paged, PageQuery, PoolClient, Queryable } from "@mp/db";
import type { RequestCreation } from "@mp/grpc";
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
  insert(tx: PoolClient, endpoint: Endpoint, secret: Buffer, creation?: RequestCreation): Promise<void>;
  /** The organisation's endpoint created under `key`: its digest and current sealed secret. */
  byCreationKey(
    tx: PoolClient,
    organisationId: string,
    key: string,
  ): Promise<{ endpoint: Endpoint; digest: string | null; secret: Buffer } | undefined>;
  /** How many endpoints the organisation holds, counted under its advisory lock (taken here). */
  countLocked(tx: PoolClient, organisationId: string): Promise<number>;
  /** One of the organisation's endpoints; another organisation's is not found. */
  get(db: Queryable, organisationId: string, id: string): Promise<Endpoint | undefined>;
  /** The same, row-locked in `tx`. */
  lock(tx: PoolClient, organisationId: string, id: string): Promise<Endpoint | undefined>;
  /** Store url, events, description, enabled, disabledReason and updatedAt. */
  update(tx: PoolClient, endpoint: Endpoint): Promise<void>;
  /**
   * The current secret becomes the previous one (signing until `previousExpiresAt`); `secret` the current,
   * made under request id `key`.
   */
  rotate(
    tx: PoolClient,
    id: string,
    secret: Buffer,
    previousExpiresAt: Date,
    now: Date,
    key: string | null,
  ): Promise<void>;
  /** The endpoint's current sealed secret when its latest rotation was made under request id `key`. */
  rotatedUnder(tx: PoolClient, id: string, key: string): Promise<Buffer | undefined>;
  delete(tx: PoolClient, organisationId: string, id: string): Promise<boolean>;
  list(organisationId: string, query: PageQuery<EndpointOrder>): Promise<Paged<Endpoint>>;
  /** The organisation's enabled endpoints subscribed to `type`, with what an attempt needs. */
  subscribers(tx: PoolClient, organisationId: string, type: string): Promise<Subscriber[]>;
  /** Ids of the organisation's enabled endpoints other than `exceptId`. */
  othersEnabled(tx: PoolClient, organisationId: string, exceptId: string): Promise<string[]>;
}

/** An enabled endpoint subscribed to an event: where to send it and how to sign it. */
export interface Subscriber {
  id: string;
  url: string;
  secrets: SealedSecrets;
  /** It failed an attempt since its last 2xx. */
  retrying: boolean;
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

/** A delivery the consumer's transaction makes, with its endpoint as that transaction read it. */
export interface FreshDelivery extends NewDelivery {
  endpoint: Subscriber;
}

/** Where the consumer's transaction puts the deliveries it makes. */
export interface DeliveryIntake {
  /**
   * In `tx`: stores the deliveries not made yet and wakes the workers; the count made. Those the
   * process's workers have room for are leased to it and attempted as soon as `tx` commits.
   */
  add(tx: PoolClient, deliveries: readonly FreshDelivery[]): Promise<number>;
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
  /** Attempts in flight per endpoint at most (this process's), for an endpoint answering 2xx. */
  perEndpoint: number;
  /** The same for an endpoint whose last attempt failed (`retrying`). */
  perFailingEndpoint: number;
  /** Attempts this process has in flight per endpoint now (counted against the caps). */
  busy: ReadonlyMap<string, number>;
  /** How long a claim holds a delivery (longer than an attempt's timeout). */
  leaseMs: number;
}

/** What a claim came to: the deliveries leased, and whether due ones were left for a later claim. */
export interface Claim {
  claimed: ClaimedDelivery[];
  /** Due deliveries were seen beyond those claimed (held back by a cap or the limit). */
  more: boolean;
}

/** Deliveries a transaction inserts already leased to this process, attempted once it commits. */
export interface LeaseAtInsert {
  /** The deliveries (of those given) to lease. */
  ids: ReadonlySet<string>;
  at: Date;
  leaseMs: number;
}

export interface DeliveryRepository {
  /**
   * Insert the deliveries not made yet (one per event and endpoint), those in `lease` already leased
   * (attempt 1 counted), and `NOTIFY` the workers with `notice` when any was made; the ids made.
   */
  enqueue(
    tx: PoolClient,
    deliveries: readonly NewDelivery[],
    options?: { lease?: LeaseAtInsert; notice?: string },
  ): Promise<string[]>;
  /**
   * Due deliveries of enabled endpoints, leased, at most `limits.limit` and within each endpoint's room
   * (its cap less `limits.busy`): one statement, rows other claims hold are skipped (SKIP LOCKED).
   */
  claim(now: Date, limits: ClaimLimits): Promise<Claim>;
  /** Of the deliveries leased at insert, those committed and still leased to their first attempt. */
  stillLeased(ids: readonly string[], now: Date): Promise<string[]>;
  /**
   * The attempt's outcome (made at `at.started`, answered by `at.ended`), stored only when the delivery
   * is still at that attempt (the claim's). Without `tx`, outcomes that arrive together are stored with
   * one statement.
   */
  recordAttempt(
    claimed: ClaimedDelivery,
    outcome: AttemptOutcome,
    next: { status: DeliveryStatus; nextAttemptAt: Date | null },
    at: { started: Date; ended: Date },
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
