import type { EventEnvelope } from "@mp/bus";
import type { Paged, PoolClient } from "@mp/db";
import type { RequestCreation } from "@mp/grpc";
import type { InstallStatus } from "../domain/install";
import type { RolloutCounts, RolloutDeviceStatus, RolloutStatus, SkipReason } from "../domain/rollout";

export interface Rollout {
  id: string;
  providerOrganisationId: string;
  marketplaceItemId: string;
  version: string;
  livemode: boolean;
  status: RolloutStatus;
  firstWave: number;
  growth: number;
  failureThresholdPercent: number;
  maxInFlight: number;
  currentWave: number;
  waveCount: number;
  failedAtResume: number;
  succeededAtResume: number;
  lastEventId: number;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

export interface RolloutView extends Rollout {
  counts: RolloutCounts;
}

/** A device as the rollout was created with it. */
export interface NewRolloutDevice {
  deviceId: string;
  /** Null when skipped. */
  wave: number | null;
  skipReason: SkipReason | null;
  purchaseId: string | null;
  releaseId: string | null;
}

export interface RolloutDevice {
  deviceId: string;
  ordinal: number;
  wave: number | null;
  status: RolloutDeviceStatus;
  skipReason: SkipReason | null;
  failureCode: string | null;
  detail: string | null;
  installId: string | null;
  rpcId: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** A progress event of a rollout (what the SSE stream sends). */
export interface RolloutProgressEvent {
  id: number;
  type: string;
  data: Record<string, unknown>;
  at: Date;
}

/** A device the scheduler moved to in_progress, whose install may still need queueing. */
export interface ClaimedInstall {
  rolloutId: string;
  organisationId: string;
  installId: string;
  deviceId: string;
  releaseId: string;
  /** Set when the install already has the platform's update (an in-flight install the device shared). */
  rpcId: string | null;
}

export type RolloutOrder = "createdAt";

/** Rollouts, their devices and progress events (PostgreSQL). Writes take the transaction they run in. */
export interface RolloutRepository {
  /**
   * Inserts the rollout and its devices; with `creation`, only when no rollout of the organisation holds
   * its key (answers false, writing nothing, when one does: a concurrent insert of the key is waited for).
   */
  insert(
    tx: PoolClient,
    rollout: Rollout,
    devices: NewRolloutDevice[],
    creation?: RequestCreation,
  ): Promise<boolean>;
  /** The organisation's rollout created under `key`, with the digest of the request that created it. */
  findByCreationKey(
    organisationId: string,
    key: string,
  ): Promise<{ view: RolloutView; digest: string | null } | undefined>;
  /** The rollout locked for update; `skipLocked` skips one another transaction holds (undefined then). */
  lock(tx: PoolClient, id: string, options: { skipLocked: boolean }): Promise<Rollout | undefined>;
  update(tx: PoolClient, rollout: Rollout): Promise<void>;
  counts(db: PoolClient | undefined, rolloutId: string): Promise<RolloutCounts>;
  /** Queued and in-progress devices of one wave. */
  openInWave(tx: PoolClient, rolloutId: string, wave: number): Promise<number>;
  /**
   * Moves up to `limit` queued devices of the wave, in order, to in_progress with an install each (a new
   * `installs` row, or the in-flight install of the same device, item and version); a device whose purchase
   * is no longer completed fails with `purchase-not-active`. Returns the started installs and the failed
   * devices.
   */
  claim(
    tx: PoolClient,
    rollout: Rollout,
    wave: number,
    limit: number,
    now: Date,
    newId: () => string,
  ): Promise<{ started: ClaimedInstall[]; refused: string[] }>;
  /** Queued devices become cancelled; returns their ids. */
  cancelQueued(tx: PoolClient, rolloutId: string, now: Date): Promise<string[]>;
  /**
   * The device of the install (when a rollout holds it) takes the status the install's now implies;
   * returns the device and its rollout when it changed.
   */
  syncFromInstall(
    tx: PoolClient,
    installId: string,
    now: Date,
    /** The failure code when it failed, instead of the install's status (the single install's refusals). */
    failureCode?: string,
  ): Promise<
    | {
        rolloutId: string;
        deviceId: string;
        status: RolloutDeviceStatus;
        failureCode: string | null;
        installStatus: InstallStatus;
      }
    | undefined
  >;
  /** Appends progress events, ids following the rollout's last one; the rollout row must be locked. */
  appendEvents(
    tx: PoolClient,
    rolloutId: string,
    events: Array<{ type: string; data: Record<string, unknown> }>,
    at: Date,
  ): Promise<number>;
  /**
   * Installs that finished while their rollout device is still in progress (an event applied before the
   * claim committed, or a settle cut short): the scheduler settles them.
   */
  finishedInFlight(limit: number): Promise<string[]>;
  /** Rollouts running now, least recently advanced first. */
  running(limit: number): Promise<string[]>;
  /**
   * Installs of in-progress devices whose platform update was not queued, last asked for before
   * `olderThan`: taken and stamped, so each is asked again once per interval by one replica.
   */
  unqueued(olderThan: Date, limit: number): Promise<ClaimedInstall[]>;
  get(organisationId: string, id: string): Promise<RolloutView | undefined>;
  list(
    organisationId: string,
    query: { page: number; pageSize: number; direction: "asc" | "desc"; status?: RolloutStatus },
  ): Promise<Paged<RolloutView>>;
  devices(
    rolloutId: string,
    query: { page: number; pageSize: number; direction: "asc" | "desc"; status?: RolloutDeviceStatus },
  ): Promise<Paged<RolloutDevice>>;
  events(rolloutId: string, afterId: number, limit: number): Promise<RolloutProgressEvent[]>;
}

/** Purchases' outbox for rollout events, in the transaction given. */
export type EmitRolloutEvent = (tx: PoolClient, event: EventEnvelope) => Promise<void>;

/** The iot-adapter queueing a device's update as purchases itself, for the rollout's organisation. */
export interface QueueInstallPort {
  queueInstallFor(
    organisationId: string,
    request: { installId: string; deviceId: string; releaseId: string },
    requestId: string,
  ): Promise<{ rpcId: string; status: InstallStatus; queuedAt: Date }>;
}
