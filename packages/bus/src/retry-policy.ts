/** What to do with a delivery whose handler failed. */
export type RetryDecision = { action: "retry"; delayMs: number } | { action: "dead-letter" };

/**
 * JetStream counts deliveries (1 on the first), and the consumer runs with `max_deliver -1` so that this
 * function, not the server, decides: below `maxDeliver` the message is retried after
 * `backoffMs[min(deliveryCount - 1, last)]`; at or past it the message is dead-lettered, so the handler
 * runs at most `maxDeliver` times for failures it reports.
 */
export function retryDecision(
  deliveryCount: number,
  maxDeliver: number,
  backoffMs: readonly number[],
): RetryDecision {
  if (deliveryCount >= maxDeliver) return { action: "dead-letter" };
  if (backoffMs.length === 0) return { action: "retry", delayMs: 0 };
  const index = Math.min(Math.max(deliveryCount - 1, 0), backoffMs.length - 1);
  return { action: "retry", delayMs: backoffMs[index] ?? 0 };
}

/**
 * Delay before the relay's next attempt after `failures` consecutive failures: doubling from the poll
 * interval, capped so a recovered NATS is noticed quickly even without a reconnect event.
 */
export function relayBackoffMs(failures: number, baseMs: number, capMs = 5_000): number {
  if (failures <= 0) return baseMs;
  return Math.min(baseMs * 2 ** Math.min(failures - 1, 20), capMs);
}

/** Check consumer retry options once at start-up rather than misbehaving on the first failure. */
export function assertRetryOptions(maxDeliver: number, backoffMs: readonly number[]): void {
  if (!Number.isInteger(maxDeliver) || maxDeliver < 1) {
    throw new Error(`maxDeliver must be a positive integer, got ${maxDeliver}`);
  }
  if (backoffMs.length === 0 || backoffMs.some((ms) => !Number.isFinite(ms) || ms < 0)) {
    throw new Error("backoffMs must be a non-empty list of non-negative delays");
  }
}
