import type { ListRolloutDevicesResponse__Output } from "@mp/contracts/generated/marketplace/purchases/v1/ListRolloutDevicesResponse";
import type { ListRolloutsResponse__Output } from "@mp/contracts/generated/marketplace/purchases/v1/ListRolloutsResponse";
import type { Rollout__Output } from "@mp/contracts/generated/marketplace/purchases/v1/Rollout";
import type { RolloutEvent__Output } from "@mp/contracts/generated/marketplace/purchases/v1/RolloutEvent";
import type { z } from "zod";
import { isoTimestamp } from "../shared/timestamps";
import type { Rollout, RolloutDevicePage, RolloutPage } from "./provider-rollouts.schemas";

type RolloutDto = z.input<typeof Rollout>;
type DeviceDto = z.input<typeof RolloutDevicePage>["items"][number];

const isoOrNull = (value: string) => (value ? isoTimestamp(value) : null);
const orNull = (value: string) => value || null;

export const toRollout = (r: Rollout__Output): RolloutDto => ({
  rolloutId: r.rolloutId,
  marketplaceItemId: r.marketplaceItemId,
  version: r.version,
  status: r.status as RolloutDto["status"],
  counts: {
    total: r.counts?.total ?? 0,
    skipped: r.counts?.skipped ?? 0,
    queued: r.counts?.queued ?? 0,
    inProgress: r.counts?.inProgress ?? 0,
    succeeded: r.counts?.succeeded ?? 0,
    failed: r.counts?.failed ?? 0,
    cancelled: r.counts?.cancelled ?? 0,
  },
  currentWave: r.currentWave,
  waveCount: r.waveCount,
  firstWave: r.firstWave,
  growth: r.growth,
  failureThresholdPercent: r.failureThresholdPercent,
  maxInFlight: r.maxInFlight,
  createdAt: isoTimestamp(r.createdAt),
  updatedAt: isoTimestamp(r.updatedAt),
  finishedAt: isoOrNull(r.finishedAt),
  lastEventId: Number(r.lastEventId),
});

export const toRolloutPage = (m: ListRolloutsResponse__Output): z.input<typeof RolloutPage> => ({
  items: m.items.map(toRollout),
  page: m.page,
  pageSize: m.pageSize,
  totalCount: m.totalCount,
  totalPages: m.totalPages,
});

const toDevice = (d: ListRolloutDevicesResponse__Output["items"][number]): DeviceDto => ({
  deviceId: d.deviceId,
  status: d.status as DeviceDto["status"],
  wave: d.wave || null,
  skipReason: orNull(d.skipReason) as DeviceDto["skipReason"],
  failureCode: orNull(d.failureCode),
  detail: orNull(d.detail),
  installId: orNull(d.installId),
  rpcId: orNull(d.rpcId),
  startedAt: isoOrNull(d.startedAt),
  finishedAt: isoOrNull(d.finishedAt),
});

export const toRolloutDevicePage = (
  m: ListRolloutDevicesResponse__Output,
): z.input<typeof RolloutDevicePage> => ({
  items: m.items.map(toDevice),
  page: m.page,
  pageSize: m.pageSize,
  totalCount: m.totalCount,
  totalPages: m.totalPages,
});

/**
 * One Server-Sent Event: `id` (monotonic per rollout), `event` (its type) and `data` (one JSON line: the
 * event's data with its `at`).
 */
export function toServerSentEvent(e: RolloutEvent__Output): string {
  const data = JSON.stringify({ ...(JSON.parse(e.data) as object), at: isoTimestamp(e.at) });
  return `id: ${e.id}\nevent: ${e.type}\ndata: ${data}\n\n`;
}
