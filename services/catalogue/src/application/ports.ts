import type { EventEnvelope } from "@mp/bus";
import type { Paged, PoolClient, SqlStatement } from "@mp/db";
import type { Instance } from "../domain/instance";

export type InstanceOrder = "createdAt" | "name";

export interface ListInstancesQuery {
  page: number;
  pageSize: number;
  orderBy: InstanceOrder;
  direction: "asc" | "desc";
}

/** Storage of instances. A write is a statement the unit of work commits with its outbox rows. */
export interface InstanceRepository {
  insertStatement(instance: Instance): SqlStatement;
  get(id: string): Promise<Instance | undefined>;
  list(query: ListInstancesQuery): Promise<Paged<Instance>>;
}

/** Runs work in one database transaction and appends events to the outbox inside it. */
export interface UnitOfWork {
  run<T>(work: (tx: PoolClient, emit: (event: EventEnvelope) => Promise<void>) => Promise<T>): Promise<T>;
  /** Commits one write statement and its events together, as one statement (one round trip). */
  commit(write: SqlStatement, events: EventEnvelope | readonly EventEnvelope[]): Promise<void>;
}

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A new UUIDv7 (time-ordered). */
  next(): string;
}
