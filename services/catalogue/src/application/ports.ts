import type { EventEnvelope } from "@mp/bus";
import type { Paged, PoolClient, Queryable } from "@mp/db";
import type { Instance } from "../domain/instance";

export type InstanceOrder = "createdAt" | "name";

export interface ListInstancesQuery {
  page: number;
  pageSize: number;
  orderBy: InstanceOrder;
  direction: "asc" | "desc";
}

/** What `insertOnce` found: the instance written now, or the one its creation key already made. */
export type InsertOnceOutcome = { inserted: true } | { inserted: false; existing: Instance };

/** Storage of instances. Writes run in the unit of work's transaction, beside their outbox rows. */
export interface InstanceRepository {
  /**
   * Inserts `instance` unless its organisation already has an instance created under `creationKey`;
   * then returns that one and writes nothing. A concurrent insert under the same key waits for the other
   * to commit or roll back (the unique index), so two requests with one key never both insert.
   */
  insertOnce(tx: Queryable, instance: Instance, creationKey: string): Promise<InsertOnceOutcome>;
  get(id: string): Promise<Instance | undefined>;
  list(query: ListInstancesQuery): Promise<Paged<Instance>>;
}

/** Runs work in one database transaction and appends events to the outbox inside it. */
export interface UnitOfWork {
  run<T>(work: (tx: PoolClient, emit: (event: EventEnvelope) => Promise<void>) => Promise<T>): Promise<T>;
}

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A new UUIDv7 (time-ordered). */
  next(): string;
}
