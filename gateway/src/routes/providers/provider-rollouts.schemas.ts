import { z } from "zod";
import { guid, guidInput, paged, pageQuery, queryInt, singleLine, timestamp } from "../common.schemas";
import { DeviceIdInput } from "../shared/item.schemas";

/** The bounds of a rollout request; purchases checks them again. */
export const ROLLOUT_BOUNDS = {
  deviceIds: 10_000,
  firstWave: { min: 1, max: 10_000, default: 1 },
  growth: { min: 1, max: 10, default: 2 },
  failureThresholdPercent: { min: 0, max: 100, default: 10 },
  maxInFlight: { min: 1, max: 1_000, default: 50 },
} as const;

const b = ROLLOUT_BOUNDS;
const EXAMPLE_ID = "0193a5d0-7f00-7000-8000-00000000a001";
const EXAMPLE_ITEM = "0193a5d0-dd00-7000-8000-0000000000c1";

export const RolloutBody = z
  .strictObject({
    marketplaceItemId: guidInput("The purchased marketplace item to install (guid, any case)."),
    version: singleLine()
      .trim()
      .min(1)
      .max(64)
      .describe("The item's release version to install on every device."),
    deviceIds: z
      .array(DeviceIdInput)
      .min(1)
      .max(b.deviceIds)
      .optional()
      .describe(
        `The devices to install on, in the order waves take them (1..${b.deviceIds}, no repeats). Give either \`deviceIds\` or \`boardId\`; neither selects every device of the caller's organisation.`,
      ),
    boardId: guidInput(
      "Every device of the caller's organisation on this board (the platform's board id). Exclusive with `deviceIds`.",
    ).optional(),
    firstWave: z
      .int()
      .min(b.firstWave.min)
      .max(b.firstWave.max)
      .default(b.firstWave.default)
      .describe(
        `Devices in the first wave, ${b.firstWave.min}..${b.firstWave.max}; default ${b.firstWave.default}.`,
      ),
    growth: z
      .number()
      .min(b.growth.min)
      .max(b.growth.max)
      .default(b.growth.default)
      .describe(
        `Factor each wave grows by: wave n has firstWave * growth^(n-1) devices (rounded up), ${b.growth.min}..${b.growth.max}; default ${b.growth.default}.`,
      ),
    failureThresholdPercent: z
      .int()
      .min(b.failureThresholdPercent.min)
      .max(b.failureThresholdPercent.max)
      .default(b.failureThresholdPercent.default)
      .describe(
        `The rollout pauses when failed installs exceed this share of the finished ones (since it was last resumed), ${b.failureThresholdPercent.min}..${b.failureThresholdPercent.max}; default ${b.failureThresholdPercent.default}.`,
      ),
    maxInFlight: z
      .int()
      .min(b.maxInFlight.min)
      .max(b.maxInFlight.max)
      .default(b.maxInFlight.default)
      .describe(
        `Installs in flight at once at most, ${b.maxInFlight.min}..${b.maxInFlight.max}; default ${b.maxInFlight.default}.`,
      ),
  })
  .refine((body) => !(body.deviceIds && body.boardId), {
    path: ["boardId"],
    message: "Give either deviceIds or boardId, not both.",
  })
  .meta({
    id: "RolloutRequest",
    description: "What to roll out, over which devices, and how fast.",
    examples: [
      {
        marketplaceItemId: EXAMPLE_ITEM,
        version: "1.2.0+00000009",
        deviceIds: ["a1b2c3d4e5f60001", "a1b2c3d4e5f60002", "a1b2c3d4e5f60003"],
        firstWave: 1,
        growth: 2,
        failureThresholdPercent: 10,
        maxInFlight: 50,
      },
    ],
  });

export const RolloutStatus = z
  .enum(["running", "paused", "cancelled", "completed"])
  .describe(
    "`running` (waves being installed), `paused` (failures exceeded the threshold; nothing new starts until resumed), `cancelled`, `completed` (every eligible device finished).",
  )
  .meta({ id: "RolloutStatus" });

const count = (what: string) => z.int().min(0).describe(what);

export const RolloutCounts = z
  .object({
    total: count("Every device of the rollout, skipped ones included."),
    skipped: count("Devices not eligible (see their `skipReason`)."),
    queued: count("Eligible devices waiting for their wave."),
    inProgress: count("Devices whose install is in flight."),
    succeeded: count("Devices whose install succeeded (or that already ran the release when it was queued)."),
    failed: count("Devices whose install failed, was cancelled or expired on the platform, or was refused."),
    cancelled: count("Queued devices the rollout's cancellation kept from starting."),
  })
  .meta({ id: "RolloutCounts", description: "How many of the rollout's devices stand where." });

export const Rollout = z
  .object({
    rolloutId: guid.describe("The rollout's id."),
    marketplaceItemId: guid.describe("The item installed."),
    version: z.string().describe("The release version installed."),
    status: RolloutStatus,
    counts: RolloutCounts,
    currentWave: z
      .int()
      .min(0)
      .describe("The wave being installed (1-based); 0 when no device was eligible."),
    waveCount: z.int().min(0).describe("How many waves the eligible devices make."),
    firstWave: z.int().describe("Devices in the first wave."),
    growth: z.number().describe("Factor each wave grows by."),
    failureThresholdPercent: z
      .int()
      .describe("Failed share of finished installs above which the rollout pauses."),
    maxInFlight: z.int().describe("Installs in flight at once at most."),
    createdAt: timestamp.describe("When the rollout was created."),
    updatedAt: timestamp.describe("When the rollout last changed (status or wave)."),
    finishedAt: timestamp.nullable().describe("When it was cancelled or completed; null before."),
    lastEventId: z.int().min(0).describe("The id of its last progress event (see the events stream)."),
  })
  .meta({
    id: "Rollout",
    description: "An item version installed over many devices in growing waves.",
    examples: [
      {
        rolloutId: EXAMPLE_ID,
        marketplaceItemId: EXAMPLE_ITEM,
        version: "1.2.0+00000009",
        status: "running",
        counts: { total: 3, skipped: 0, queued: 2, inProgress: 1, succeeded: 0, failed: 0, cancelled: 0 },
        currentWave: 1,
        waveCount: 2,
        firstWave: 1,
        growth: 2,
        failureThresholdPercent: 10,
        maxInFlight: 50,
        createdAt: "2026-11-28T12:00:00.000Z",
        updatedAt: "2026-11-28T12:00:00.000Z",
        finishedAt: null,
        lastEventId: 3,
      },
    ],
  });

export const RolloutPage = paged(Rollout);
export const RolloutsQuery = z.object({
  ...pageQuery(["createdAt"]),
  status: RolloutStatus.optional().describe("Only rollouts in this status."),
});

export const RolloutParams = z.object({ rolloutId: guidInput("Rollout id (guid, any case).") });

export const RolloutDeviceStatus = z
  .enum(["skipped", "queued", "in_progress", "succeeded", "failed", "cancelled"])
  .describe("Where the device stands in the rollout.")
  .meta({ id: "RolloutDeviceStatus" });

export const RolloutDevice = z
  .object({
    deviceId: z.string().describe("The IoT device id."),
    status: RolloutDeviceStatus,
    wave: z.int().nullable().describe("The device's wave (1-based); null when skipped."),
    skipReason: z
      .enum(["not-purchased", "release-incompatible", "already-installed"])
      .nullable()
      .describe(
        "Why a skipped device takes no part: no completed purchase of the item for it by the caller's organisation (also any device the caller does not own), no release of the version for its board, or it already runs the release. Null unless skipped.",
      ),
    failureCode: z
      .string()
      .nullable()
      .describe(
        "Why its install failed: the install's status (`failed`, `cancelled`, `expired`) or the single install's refusal (`purchase-not-active`, `invalid-state`, `not-found`). Null unless failed.",
      ),
    detail: z
      .string()
      .nullable()
      .describe("The platform's last error when the install failed; null otherwise."),
    installId: guid.nullable().describe("The device's install (null until started)."),
    rpcId: z
      .string()
      .nullable()
      .describe("The install's rpc id, for `GET /marketplace/providers/rpc/{rpcId}`; null until queued."),
    startedAt: timestamp.nullable().describe("When its install started; null before."),
    finishedAt: timestamp.nullable().describe("When it finished (or was cancelled); null before."),
  })
  .meta({ id: "RolloutDevice", description: "One device of a rollout." });

export const RolloutDevicePage = paged(RolloutDevice);
export const RolloutDevicesQuery = z.object({
  ...pageQuery(["ordinal"], "ordinal"),
  direction: z
    .enum(["asc", "desc"])
    .default("asc")
    .describe("Sort direction; default `asc`: the order the rollout takes the devices in."),
  status: RolloutDeviceStatus.optional().describe("Only devices in this status."),
});

export const RolloutEventsQuery = z.object({
  lastEventId: queryInt(0, Number.MAX_SAFE_INTEGER)
    .optional()
    .describe(
      "Resume after this event id, for clients that cannot send the `Last-Event-ID` header (the header wins when both are given).",
    ),
});

export const RolloutEventsHeaders = z.object({
  "last-event-id": singleLine()
    .regex(/^\d{1,15}$/, "Expected an event id (a non-negative integer).")
    .optional()
    .describe("The id of the last event received: the stream resumes after it."),
});
