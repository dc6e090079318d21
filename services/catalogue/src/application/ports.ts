import type { EventEnvelope } from "@mp/bus";
import type { Paged, SqlStatement } from "@mp/db";
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
  /**
   * The insert of `instance` under `creationKey` that writes nothing when its organisation already has an
   * instance created under that key (it returns the row it wrote). A concurrent insert under the same key
   * waits for the other to commit or roll back (the unique index), so two requests with one key never
   * both insert.
   */
  insertOnceStatement(instance: Instance, creationKey: string): SqlStatement;
  /** The organisation's instance created under `creationKey`, if any. */
  findByCreationKey(organisationId: string, creationKey: string): Promise<Instance | undefined>;
  get(id: string): Promise<Instance | undefined>;
  list(query: ListInstancesQuery): Promise<Paged<Instance>>;
}

/** Commits a write and its events together, as one statement (one round trip). */
export interface UnitOfWork {
  /** For a write that may do nothing: the events are committed only with a row it wrote; whether it did. */
  commitIfWritten(write: SqlStatement, events: EventEnvelope | readonly EventEnvelope[]): Promise<boolean>;
}

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A new UUIDv7 (time-ordered). */
  next(): string;
}
