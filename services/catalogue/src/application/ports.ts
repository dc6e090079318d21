import type { EventEnvelope } from "@mp/bus";
import type { Paged, PoolClient } from "@mp/db";
import type { Instance } from "../domain/instance";

export type InstanceOrder = "createdAt" | "name";

export interface ListInstancesQuery {
  page: number;
  pageSize: number;
  orderBy: InstanceOrder;
  direction: "asc" | "desc";
}

/** Storage of instances. Writes take the transaction's client so the outbox row commits with them. */
export interface InstanceRepository {
  insert(tx: PoolClient, instance: Instance): Promise<void>;
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
