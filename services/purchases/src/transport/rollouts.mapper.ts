import type { ListRolloutEventsResponse } from "@mp/contracts/generated/marketplace/purchases/v1/ListRolloutEventsResponse";
import type { Rollout } from "@mp/contracts/generated/marketplace/purchases/v1/Rollout";
import type { RolloutDevice } from "@mp/contracts/generated/marketplace/purchases/v1/RolloutDevice";
import type { Paged } from "@mp/db";
import type {
  RolloutDevice as Device,
  RolloutProgressEvent,
  RolloutView,
} from "../application/rollout-ports";

export const toRolloutMessage = (r: RolloutView): Rollout => ({
  rolloutId: r.id,
  marketplaceItemId: r.marketplaceItemId,
  version: r.version,
  status: r.status,
  counts: r.counts,
  currentWave: r.currentWave,
  waveCount: r.waveCount,
  firstWave: r.firstWave,
  growth: r.growth,
  failureThresholdPercent: r.failureThresholdPercent,
  maxInFlight: r.maxInFlight,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? "",
  lastEventId: r.lastEventId,
});

export const toRolloutPage = (page: Paged<RolloutView>) => ({
  ...page,
  items: page.items.map(toRolloutMessage),
});

const toDeviceMessage = (d: Device): RolloutDevice => ({
  deviceId: d.deviceId,
  status: d.status,
  wave: d.wave ?? 0,
  skipReason: d.skipReason ?? "",
  failureCode: d.failureCode ?? "",
  detail: d.detail ?? "",
  installId: d.installId ?? "",
  rpcId: d.rpcId ?? "",
  startedAt: d.startedAt?.toISOString() ?? "",
  finishedAt: d.finishedAt?.toISOString() ?? "",
});

export const toRolloutDevicePage = (page: Paged<Device>) => ({
  ...page,
  items: page.items.map(toDeviceMessage),
});

export const toRolloutEventsMessage = (answer: {
  items: RolloutProgressEvent[];
  rollout: RolloutView;
  ended: boolean;
}): ListRolloutEventsResponse => ({
  items: answer.items.map((e) => ({
    id: e.id,
    type: e.type,
    data: JSON.stringify(e.data),
    at: e.at.toISOString(),
  })),
  status: answer.rollout.status,
  lastEventId: answer.rollout.lastEventId,
  ended: answer.ended,
});
