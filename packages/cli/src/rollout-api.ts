import type { CallResult, MarketplaceClient } from "@mp/sdk";

/**
 * The rollout routes (`/marketplace/providers/rollouts`, docs/rollouts.md) as `mkt` uses them. They land
 * from another branch: until the SDK is regenerated with them these calls go through the client untyped,
 * with the shapes below written from the routes' schemas.
 */
export interface RolloutCounts {
  total: number;
  skipped: number;
  queued: number;
  inProgress: number;
  succeeded: number;
  failed: number;
  cancelled: number;
}

export type RolloutStatus = "running" | "paused" | "cancelled" | "completed";

export interface Rollout {
  rolloutId: string;
  marketplaceItemId: string;
  version: string;
  status: RolloutStatus;
  counts: RolloutCounts;
  currentWave: number;
  waveCount: number;
  lastEventId: number;
}

export interface RolloutRequest {
  marketplaceItemId: string;
  version: string;
  deviceIds?: string[];
  boardId?: string;
  firstWave?: number;
  growth?: number;
  failureThresholdPercent?: number;
  maxInFlight?: number;
}

type Call = (path: string, init?: Record<string, unknown>) => Promise<CallResult<unknown>>;

function untyped(client: MarketplaceClient): { GET: Call; POST: Call } {
  return client as unknown as { GET: Call; POST: Call };
}

export const rolloutApi = (client: MarketplaceClient) => ({
  create: (body: RolloutRequest) =>
    untyped(client).POST("/marketplace/providers/rollouts", { body }) as Promise<CallResult<Rollout>>,
  get: (rolloutId: string) =>
    untyped(client).GET("/marketplace/providers/rollouts/{rolloutId}", {
      params: { path: { rolloutId } },
    }) as Promise<CallResult<Rollout>>,
  act: (rolloutId: string, action: "resume" | "cancel") =>
    untyped(client).POST(`/marketplace/providers/rollouts/{rolloutId}/${action}`, {
      params: { path: { rolloutId } },
    }) as Promise<CallResult<Rollout>>,
  /** The progress events after `lastEventId` (all of them without), as the raw stream. */
  events: (rolloutId: string, lastEventId?: number, signal?: AbortSignal) =>
    untyped(client).GET("/marketplace/providers/rollouts/{rolloutId}/events", {
      params: { path: { rolloutId } },
      headers: lastEventId ? { "last-event-id": String(lastEventId) } : {},
      parseAs: "stream",
      ...(signal ? { signal } : {}),
    }) as Promise<CallResult<ReadableStream<Uint8Array>>>,
});
