import { newEvent } from "@mp/bus";
import { rolloutCompletedV1 } from "@mp/contracts";
import { type Pool, withTransaction } from "@mp/db";
import { type FieldErrors, NotFoundError, RequestIdReusedError, ValidationError } from "@mp/errors";
import { type CallContext, type RequestCreation, requestCreation, requirePrincipal } from "@mp/grpc";
import { isGuid } from "@mp/ids";
import { compatibilityOf, releaseForInstall } from "../domain/install";
import { assignWaves, ROLLOUT_LIMITS, type SkipReason } from "../domain/rollout";
import { SOURCE } from "./events";
import type { Clock, IdGenerator, IotDevicesPort, KnownReleaseRepository, ProviderDevice } from "./ports";
import type {
  EmitRolloutEvent,
  NewRolloutDevice,
  Rollout,
  RolloutRepository,
  RolloutView,
} from "./rollout-ports";
import { rolloutChangeOf } from "./rollout-scheduler";

const DEVICE_ID = /^[0-9a-f]{16}$/i;
/** The iot-adapter's largest page. */
const DEVICE_PAGE = 100;
/** The largest offset the contract allows a limit/offset list. */
const MAX_OFFSET = 100_000;

export interface CreateRolloutRequest {
  marketplaceItemId: string;
  version: string;
  deviceIds: string[];
  boardId: string;
  firstWave?: number | undefined;
  growth?: number | undefined;
  failureThresholdPercent?: number | undefined;
  maxInFlight?: number | undefined;
}

type Bounds = { min: number; max: number; default: number };

function bounded(
  value: number | undefined,
  field: string,
  bounds: Bounds,
  errors: FieldErrors,
  integer = true,
): number {
  const v = value ?? bounds.default;
  if (!Number.isFinite(v) || (integer && !Number.isInteger(v)) || v < bounds.min || v > bounds.max)
    errors[`body.${field}`] = [`must be ${integer ? "an integer " : ""}from ${bounds.min} to ${bounds.max}`];
  return v;
}

/** The request checked (400 naming each bad field at once). */
export function parseRolloutRequest(raw: CreateRolloutRequest) {
  const errors: FieldErrors = {};
  if (!isGuid(raw.marketplaceItemId)) errors["body.marketplaceItemId"] = ["must be a guid"];
  const version = raw.version.trim();
  if (!version || version.length > 64) errors["body.version"] = ["must be 1 to 64 characters"];
  const boardId = raw.boardId.trim().toLowerCase();
  if (raw.deviceIds.length > 0 && boardId)
    errors["body.boardId"] = ["give either deviceIds or boardId, not both"];
  if (boardId && !isGuid(boardId)) errors["body.boardId"] = ["must be a guid"];
  if (raw.deviceIds.length > ROLLOUT_LIMITS.deviceIds)
    errors["body.deviceIds"] = [`must hold at most ${ROLLOUT_LIMITS.deviceIds} devices`];
  const bad = raw.deviceIds.findIndex((d) => !DEVICE_ID.test(d));
  if (bad >= 0) errors[`body.deviceIds.${bad}`] = ["must be 16 hex characters"];
  const deviceIds = [...new Set(raw.deviceIds.map((d) => d.toLowerCase()))];
  if (deviceIds.length !== raw.deviceIds.length && bad < 0)
    errors["body.deviceIds"] = ["must not repeat a device"];
  const firstWave = bounded(raw.firstWave, "firstWave", ROLLOUT_LIMITS.firstWave, errors);
  const growth = bounded(raw.growth, "growth", ROLLOUT_LIMITS.growth, errors, false);
  const failureThresholdPercent = bounded(
    raw.failureThresholdPercent,
    "failureThresholdPercent",
    ROLLOUT_LIMITS.failureThresholdPercent,
    errors,
  );
  const maxInFlight = bounded(raw.maxInFlight, "maxInFlight", ROLLOUT_LIMITS.maxInFlight, errors);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    marketplaceItemId: raw.marketplaceItemId.toLowerCase(),
    version,
    deviceIds,
    boardId,
    firstWave,
    growth,
    failureThresholdPercent,
    maxInFlight,
  };
}

/**
 * Creates a rollout of an item version over the caller's devices (provider role): the named devices, every
 * device on `boardId`, or every device of the organisation (neither given), at most 10,000. Each device is
 * eligible when the organisation has a completed purchase of the item for it (default mode), the version
 * has a release for its board on the platform, and it does not already run that release; the others are
 * recorded `skipped` with the reason (a device the caller does not own is `not-purchased`: nothing says
 * whether it exists). Eligible devices are split into waves in order. The version must have a release on
 * the platform (404 otherwise, as for a single install). A rollout with no eligible device is `completed`
 * at once.
 *
 * A creation is done once per request, as an instance's is: the rollout keeps the request id it was
 * created under (the gateway's `X-Request-Id`, scoped to the organisation) with a digest of the request's
 * values, and a repeat of that request answers the rollout the first one created (as it is now), writing
 * nothing; the same request id with other values is refused (409 `request-id-reused`, with `rolloutId`).
 */
export function makeCreateRollout(deps: {
  pool: Pool;
  iot: IotDevicesPort;
  releases: KnownReleaseRepository;
  rollouts: RolloutRepository;
  completedPurchases: (q: {
    providerOrganisationId: string;
    marketplaceItemId: string;
    livemode: boolean;
  }) => Promise<Map<string, string>>;
  defaultLivemode: boolean;
  clock: Clock;
  ids: IdGenerator;
  emit: EmitRolloutEvent;
  started: (rolloutId: string) => void;
}) {
  return async (raw: CreateRolloutRequest, ctx: CallContext): Promise<RolloutView> => {
    const org = requirePrincipal(ctx, "provider").organisationId.toLowerCase();
    const req = parseRolloutRequest(raw);
    const creation = requestCreation(ctx, req);
    // A repeat answers before asking the iot-adapter for the organisation's devices again.
    const repeated = creation && (await earlierCreation(deps.rollouts, org, creation));
    if (repeated) return repeated;
    const releases = (await deps.releases.ofVersion(deps.pool, req.marketplaceItemId, req.version)).filter(
      (r) => r.iotReleaseId,
    );
    if (releases.length === 0) throw new NotFoundError(`Release ${req.version}`);

    const devices = await organisationDevices(deps.iot, ctx);
    const selected: Array<{ deviceId: string; device: ProviderDevice | undefined }> =
      req.deviceIds.length > 0
        ? req.deviceIds.map((deviceId) => ({ deviceId, device: devices.get(deviceId) }))
        : [...devices.values()]
            .filter((d) => !req.boardId || d.board.id === req.boardId)
            .map((device) => ({ deviceId: device.deviceId, device }));
    if (selected.length > ROLLOUT_LIMITS.deviceIds)
      throw new ValidationError({
        "body.deviceIds": [
          `the selection holds ${selected.length} devices, more than ${ROLLOUT_LIMITS.deviceIds}: name them in batches`,
        ],
      });
    const purchases = await deps.completedPurchases({
      providerOrganisationId: org,
      marketplaceItemId: req.marketplaceItemId,
      livemode: deps.defaultLivemode,
    });

    const decided = selected.map(({ deviceId, device }) => {
      const skip = (skipReason: SkipReason) => ({ deviceId, skipReason, purchaseId: null, releaseId: null });
      const purchaseId = purchases.get(deviceId);
      if (!device || !purchaseId) return skip("not-purchased");
      const facts = { boardId: device.board.id, application: device.application };
      const chosen = releaseForInstall(releases, facts);
      if ("problem" in chosen) return skip("release-incompatible");
      if (compatibilityOf(chosen.release, facts).compatibility === "installed")
        return skip("already-installed");
      return { deviceId, skipReason: null, purchaseId, releaseId: chosen.release.iotReleaseId };
    });
    const waves = assignWaves(decided.filter((d) => d.skipReason === null).length, req.firstWave, req.growth);
    let next = 0;
    const rows: NewRolloutDevice[] = decided.map((d) => ({
      ...d,
      wave: d.skipReason === null ? (waves[next++] ?? null) : null,
    }));

    const now = deps.clock.now();
    const waveCount = waves.at(-1) ?? 0;
    const rollout: Rollout = {
      id: deps.ids.next(),
      providerOrganisationId: org,
      marketplaceItemId: req.marketplaceItemId,
      version: req.version,
      livemode: deps.defaultLivemode,
      status: waveCount === 0 ? "completed" : "running",
      firstWave: req.firstWave,
      growth: req.growth,
      failureThresholdPercent: req.failureThresholdPercent,
      maxInFlight: req.maxInFlight,
      currentWave: waveCount === 0 ? 0 : 1,
      waveCount,
      failedAtResume: 0,
      succeededAtResume: 0,
      lastEventId: 0,
      createdAt: now,
      updatedAt: now,
      finishedAt: waveCount === 0 ? now : null,
    };
    const view = await withTransaction(deps.pool, async (tx) => {
      // Not inserted: a concurrent repeat of this request committed its rollout first (read below).
      if (!(await deps.rollouts.insert(tx, rollout, rows, creation))) return undefined;
      const counts = await deps.rollouts.counts(tx, rollout.id);
      const events: Array<{ type: string; data: Record<string, unknown> }> = [
        { type: "rollout-created", data: { status: rollout.status, counts, waveCount } },
        waveCount > 0
          ? { type: "wave-started", data: { wave: 1 } }
          : { type: "rollout-completed", data: { status: "completed", counts } },
      ];
      const lastEventId = await deps.rollouts.appendEvents(tx, rollout.id, events, now);
      if (waveCount === 0)
        await deps.emit(
          tx,
          newEvent(rolloutCompletedV1.type, SOURCE, rolloutChangeOf({ ...rollout, counts }, now), now),
        );
      return { ...rollout, lastEventId, counts };
    });
    if (!view) {
      const first = creation && (await earlierCreation(deps.rollouts, org, creation));
      if (!first) throw new Error(`no rollout holds creation key ${creation?.key} after a conflict on it`);
      return first;
    }
    if (view.status === "running") deps.started(view.id);
    return view;
  };
}

/** The rollout an earlier request with this request id created, if any; 409 when its values differ. */
async function earlierCreation(
  rollouts: RolloutRepository,
  org: string,
  creation: RequestCreation,
): Promise<RolloutView | undefined> {
  const earlier = await rollouts.findByCreationKey(org, creation.key);
  if (!earlier) return undefined;
  if (earlier.digest !== creation.digest)
    throw new RequestIdReusedError(creation.key, "rollout", earlier.view.id, "rolloutId");
  return earlier.view;
}

/** Every device of the caller's organisation (pages of the iot-adapter, as the caller), keyed by id. */
async function organisationDevices(iot: IotDevicesPort, ctx: CallContext) {
  const devices = new Map<string, ProviderDevice>();
  for (let offset = 0; ; offset += DEVICE_PAGE) {
    const page = await iot.list({ limit: DEVICE_PAGE, offset }, ctx);
    for (const d of page.items) devices.set(d.deviceId, d);
    if (!page.hasMore || page.items.length === 0 || offset + DEVICE_PAGE > MAX_OFFSET) break;
  }
  return devices;
}
