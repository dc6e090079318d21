import type { PoolClient } from "@mp/db";
import type { Logger } from "@mp/logger";
import type { AttemptOutcome } from "../domain/delivery";
import { isSuccess } from "../domain/delivery";
import { ENDPOINT_DISABLED } from "../domain/event-types";
import { nextAttemptAt, type RetrySchedule } from "../domain/retry-schedule";
import { SIGNATURE_HEADER, signatureHeader } from "../domain/signature";
import { type DisabledNotice, deliveryBody } from "../domain/translation";
import type {
  ClaimedDelivery,
  Clock,
  DeliveryRepository,
  EndpointRepository,
  IdGenerator,
  SecretBox,
  UnitOfWork,
  WebhookSender,
} from "./ports";

export interface AttemptDeps {
  deliveries: DeliveryRepository;
  endpoints: EndpointRepository;
  secrets: SecretBox;
  sender: WebhookSender;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  schedule: RetrySchedule;
  logger: Logger;
}

export const RETRIES_EXHAUSTED = "retries-exhausted";

/** The live secrets of a claimed delivery, opened: the current one, and a rotated-out one still in time. */
function liveSecrets(deps: Pick<AttemptDeps, "secrets">, claimed: ClaimedDelivery, now: Date): string[] {
  const { current, previous, previousExpiresAt } = claimed.secrets;
  const secrets = [deps.secrets.open(claimed.endpointId, current)];
  if (previous && previousExpiresAt && previousExpiresAt > now)
    secrets.push(deps.secrets.open(claimed.endpointId, previous));
  return secrets;
}

/**
 * One attempt of a claimed delivery: signed now with every live secret, posted, and its outcome stored
 * (only by this claim). A failure is due again on the schedule; past the retry window the delivery has
 * failed, its endpoint is disabled and the organisation's other enabled endpoints get `endpoint.disabled`,
 * all in one transaction.
 */
export function makeAttemptDelivery(deps: AttemptDeps) {
  return async (claimed: ClaimedDelivery): Promise<AttemptOutcome> => {
    const signedAt = deps.clock.now();
    const header = signatureHeader(
      claimed.body,
      liveSecrets(deps, claimed, signedAt),
      Math.floor(signedAt.getTime() / 1000),
    );
    const outcome = await deps.sender.send(claimed.url, claimed.body, {
      "content-type": "application/json",
      [SIGNATURE_HEADER]: header,
      "user-agent": "Marketplace-Webhooks/1",
    });
    const now = deps.clock.now();
    const at = { started: signedAt, ended: now };
    if (outcome.ok && isSuccess(outcome.status)) {
      await deps.deliveries.recordAttempt(claimed, outcome, { status: "succeeded", nextAttemptAt: null }, at);
      // The endpoint is up: what it missed is due now rather than at its next scheduled retry.
      if (claimed.endpointRetrying) await deps.deliveries.hurryRetries(claimed.endpointId, now);
      return outcome;
    }
    const next = nextAttemptAt(deps.schedule, claimed.attempt, claimed.firstAttemptAt, now);
    if (next) {
      await deps.deliveries.recordAttempt(claimed, outcome, { status: "pending", nextAttemptAt: next }, at);
      if (!claimed.endpointRetrying) await deps.deliveries.markRetrying(claimed.endpointId);
      return outcome;
    }
    await deps.unitOfWork.run(async (tx) => {
      const stored = await deps.deliveries.recordAttempt(
        claimed,
        outcome,
        { status: "failed", nextAttemptAt: null },
        at,
        tx,
      );
      if (stored) await disableEndpoint(deps, tx, claimed, now);
    });
    return outcome;
  };
}

async function disableEndpoint(
  deps: AttemptDeps,
  tx: PoolClient,
  claimed: ClaimedDelivery,
  now: Date,
): Promise<void> {
  const endpoint = await deps.endpoints.lock(tx, claimed.organisationId, claimed.endpointId);
  if (!endpoint?.enabled) return;
  await deps.endpoints.update(tx, {
    ...endpoint,
    enabled: false,
    disabledReason: RETRIES_EXHAUSTED,
    updatedAt: now,
  });
  deps.logger.warn(
    { endpointId: endpoint.id, deliveryId: claimed.id },
    "webhook endpoint disabled: retries exhausted",
  );
  const others = await deps.endpoints.othersEnabled(tx, endpoint.organisationId, endpoint.id);
  if (others.length === 0) return;
  const notice: DisabledNotice = {
    type: ENDPOINT_DISABLED,
    organisationId: endpoint.organisationId,
    data: {
      endpointId: endpoint.id,
      url: endpoint.url,
      reason: RETRIES_EXHAUSTED,
      disabledAt: now.toISOString(),
    },
  };
  const eventId = deps.ids.next();
  const body = deliveryBody(eventId, now.toISOString(), notice);
  await deps.deliveries.enqueue(
    tx,
    others.map((endpointId) => ({
      id: deps.ids.next(),
      endpointId,
      organisationId: endpoint.organisationId,
      eventId,
      eventType: ENDPOINT_DISABLED,
      body,
      createdAt: now,
    })),
  );
}
