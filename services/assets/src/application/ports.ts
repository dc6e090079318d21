import type { EventEnvelope } from "@mp/bus";
import type { PoolClient } from "@mp/db";
import type { Asset, ObjectFacts } from "../domain/asset";

/** Storage of assets. Writes take the transaction's client so the outbox row commits with them. */
export interface AssetRepository {
  insert(tx: PoolClient, asset: Asset): Promise<void>;
  /** The organisation's asset, or undefined (also when it belongs to another organisation). */
  get(organisationId: string, id: string): Promise<Asset | undefined>;
  /** Same, locking the row for the rest of the transaction (finalise decides once per asset). */
  getForUpdate(tx: PoolClient, organisationId: string, id: string): Promise<Asset | undefined>;
  /** The organisation's assets among `ids` (any organisation's when null), in no particular order. */
  getMany(organisationId: string | null, ids: string[]): Promise<Asset[]>;
  /** Writes the verdict of finalise: status, checked sizes, reasons, object key, finalised_at. */
  saveVerdict(tx: PoolClient, asset: Asset): Promise<void>;
}

/** Object storage as the assets service needs it; keys are full object keys in the configured bucket. */
export interface ObjectStore {
  /** A presigned PUT for `key`, valid `expiresInSeconds` from `signedAt`, bound to `contentType`. */
  presignPut(key: string, contentType: string, signedAt: Date, expiresInSeconds: number): Promise<string>;
  /** A presigned GET for `key`, valid `expiresInSeconds` from `signedAt`. */
  presignGet(key: string, signedAt: Date, expiresInSeconds: number): Promise<string>;
  /** The stored object's size (and ETag, to copy exactly that version), from a HEAD; nothing is read. */
  head(key: string): Promise<ObjectHead>;
  /**
   * Server-side copy. With `ifMatch` (an ETag from `head`) the store copies only that version of `from`:
   * `changed` when it was replaced since, `missing` when it is gone.
   */
  copy(from: string, to: string, ifMatch?: string): Promise<"copied" | "missing" | "changed">;
  /** Size and type facts about a stored object, read by the server itself (never the client's word). */
  inspect(key: string, maxBytes: number): Promise<ObjectFacts>;
  /** Deletes the objects; missing ones are fine. */
  delete(...keys: string[]): Promise<void>;
}

export type ObjectHead = { exists: false } | { exists: true; sizeBytes: number; etag: string | undefined };

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

/** An asset with the address a client reads it from (a presigned GET once ready, else null). */
export interface AssetView {
  asset: Asset;
  url: string | null;
}
