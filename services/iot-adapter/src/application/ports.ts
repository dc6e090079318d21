import type { Readable } from "node:stream";
import type { EventEnvelope } from "@mp/bus";
import type { PoolClient } from "@mp/db";
import type { CopyFailureCode, CopyJob, CopyRetryCode, Measured } from "../domain/copy-job";
import type { IotDevice } from "../domain/device";
import type { PendingUpdate } from "../domain/install-follow";
import type { InstallState, UpdateFacts } from "../domain/install-status";
import type { IotApplication, IotRelease } from "../domain/release";

export interface Window {
  limit: number;
  offset: number;
}

/** A limit/offset page: the platform gives no totals, only whether more rows follow. */
export interface Slice<T> {
  items: T[];
  hasMore: boolean;
}

/**
 * The Infuse-IoT platform as the use cases need it. Every method takes the organisation explicitly; the
 * use cases pass the principal's and nothing else. Errors are already the contract's (not-found,
 * upstream-unavailable).
 */
export interface IotPlatform {
  listApplications(org: string, window: Window, signal?: AbortSignal): Promise<Slice<IotApplication>>;
  getApplication(org: string, applicationId: number, signal?: AbortSignal): Promise<IotApplication>;
  listReleases(
    org: string,
    applicationId: number,
    window: Window,
    signal?: AbortSignal,
  ): Promise<Slice<IotRelease>>;
  getRelease(
    org: string,
    applicationId: number,
    releaseId: string,
    signal?: AbortSignal,
  ): Promise<IotRelease>;
  /**
   * The release binary as a stream, cut off once it runs past `maxBytes` (the advertised length): the
   * call or the stream then fails with `CopyFailure("too-large")` and the download is aborted. A redirect
   * is never followed (the platform credential must not travel on): `CopyFailure("upstream-unavailable")`.
   */
  downloadRelease(releaseId: string, maxBytes: number, signal?: AbortSignal): Promise<Readable>;
  /**
   * The organisation owning the device (16 hex characters) and the device's board; null when the platform
   * knows no such device.
   */
  deviceOwner(deviceId: string, signal?: AbortSignal): Promise<DeviceOwnership | null>;
}

export type NewCopyJob = Omit<CopyJob, "status" | "attempts" | "lastError" | "sha256" | "updatedAt">;

/** Storage of copy jobs. Final transitions take the transaction's client so their event commits with them. */
export interface CopyJobRepository {
  /** Insert, or return the job already recorded for (organisation, correlation id). */
  insertOrGet(job: NewCopyJob): Promise<CopyJob>;
  /** Lease the next due queued job (SKIP LOCKED, so several workers never take the same one). */
  claimNext(leaseMs: number): Promise<CopyJob | undefined>;
  /** False when the job was no longer queued (another worker finished it): emit nothing then. */
  markStored(tx: PoolClient, id: string, measured: Measured, now: Date): Promise<boolean>;
  markFailed(tx: PoolClient, id: string, reason: CopyFailureCode, now: Date): Promise<boolean>;
  scheduleRetry(id: string, reason: CopyRetryCode, delayMs: number): Promise<void>;
}

/** The marketplace bucket. */
export interface ObjectStore {
  /** Stream `body` to `key`, measuring length, CRC32 and sha256 of exactly the bytes stored. */
  putMeasured(key: string, body: Readable, signal?: AbortSignal): Promise<Measured>;
  delete(key: string): Promise<void>;
}

export interface UnitOfWork {
  run<T>(work: (tx: PoolClient, emit: (event: EventEnvelope) => Promise<void>) => Promise<T>): Promise<T>;
}

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  next(): string;
}

export interface DeviceOwnership {
  organisationId: string;
  boardId: string;
}

/** Devices and application updates on the platform (the IotPlatform port's device half). */
export interface DevicePlatform {
  listDevices(org: string, window: Window, signal?: AbortSignal): Promise<Slice<IotDevice>>;
  /**
   * Null when the platform knows no such device. `state: false` skips reading the device's state (one
   * platform request instead of two) when only the device itself (its organisation) is needed.
   */
  getDevice(deviceId: string, signal?: AbortSignal, options?: { state?: boolean }): Promise<IotDevice | null>;
  /** `queued` with the platform's update, or `current` when the device already runs the release. */
  queueUpdate(
    deviceId: string,
    releaseId: string,
    signal?: AbortSignal,
  ): Promise<{ kind: "queued"; updateId: string; facts: UpdateFacts } | { kind: "current" }>;
  /** The update and its latest RPC; not-found when the platform no longer knows it. */
  getUpdate(deviceId: string, updateId: string, signal?: AbortSignal): Promise<UpdateFacts>;
  /**
   * One request for many devices: the pending update (and its latest RPC) of each device that has one,
   * keyed by lowercase device id; devices with nothing pending are absent. The caller bounds the ids.
   */
  pendingUpdates(deviceIds: readonly string[], signal?: AbortSignal): Promise<Map<string, PendingUpdate>>;
}

/** An install's tracked platform update. */
export interface TrackedInstall extends InstallState {
  installId: string;
  organisationId: string;
  deviceId: string;
  releaseId: string;
  updateId: string | null;
  version: number;
  failures: number;
  queuedAt: Date;
}

/**
 * A tracked install leased by one poll round. `leaseUntil` (the row's `next_poll_at`, whole milliseconds)
 * is the lease's token: the round's later writes match it, so a round whose lease ran out and was taken
 * over changes nothing.
 */
export interface ClaimedInstall extends TrackedInstall {
  leaseUntil: Date;
}

export interface InstallUpdateRepository {
  get(db: PoolClient, installId: string): Promise<TrackedInstall | undefined>;
  insert(tx: PoolClient, install: TrackedInstall, nextPollAt: Date): Promise<void>;
  /** Lease up to `limit` due in-flight updates until `leaseMs` from now (SKIP LOCKED). */
  claimDue(limit: number, leaseMs: number): Promise<ClaimedInstall[]>;
  /**
   * The in-flight updates followed (leased ones too) and how long until the earliest is due, in
   * milliseconds at the database's clock (0 when one is due now; null when none is followed).
   */
  followed(): Promise<{ followed: number; dueInMs: number | null }>;
  /**
   * Extends the lease of those of `installIds` still held under `leaseUntil` to `leaseMs` from now: the
   * ids renewed and the new token (rows another round took over are left out).
   */
  renewLease(
    installIds: readonly string[],
    leaseUntil: Date,
    leaseMs: number,
  ): Promise<{ installIds: string[]; leaseUntil: Date }>;
  /** Poll these again at `nextPollAt` with no failure recorded, where still held under `leaseUntil`. */
  rescheduleMany(installIds: readonly string[], nextPollAt: Date, leaseUntil?: Date): Promise<void>;
  /** Moves to `state` with `version`, unless another poller got there first (false then). */
  advance(
    tx: PoolClient,
    installId: string,
    fromVersion: number,
    state: InstallState,
    nextPollAt: Date,
  ): Promise<boolean>;
  /**
   * Poll again at `nextPollAt`, recording `failures` consecutive platform errors (where still held under
   * `leaseUntil`, when given).
   */
  reschedule(installId: string, failures: number, nextPollAt: Date, leaseUntil?: Date): Promise<void>;
}
