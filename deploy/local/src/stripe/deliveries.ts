import Stripe from "stripe";
import type { StripeObject } from "./objects";

/**
 * Stripe's retry schedule for a webhook endpoint that does not answer 2xx (up to three days, with
 * exponential backoff), compressed to minutes for a local stack: the delay before each further attempt.
 */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000];
const ATTEMPT_TIMEOUT_MS = 10_000;

export interface DeliveryAttempt {
  eventId: string;
  type: string;
  attempt: number;
  /** The endpoint's status, or 0 when it could not be reached. */
  status: number;
}

export interface DeliveryOptions {
  /** Where notifications go (the gateway's `/marketplace/webhooks/stripe`); none: events are only listed. */
  endpoint: string | undefined;
  /** The endpoint's signing secret (`whsec_...`). */
  secret: string | undefined;
  retryDelaysMs?: readonly number[];
}

/**
 * Sends each new event to the endpoint, signed as Stripe signs (`Stripe-Signature: t=...,v1=...`, HMAC-SHA256
 * of `t.body` with the endpoint secret, re-signed on each attempt). First attempts go out one at a time in
 * the order the events were made; an event that fails is tried again on its own schedule, without holding
 * back later ones (Stripe guarantees no order). While switched off (`enabled = false`) new events are
 * withheld: never sent, still listed by `GET /v1/events`.
 */
export class Deliveries {
  enabled = true;
  readonly attempts: DeliveryAttempt[] = [];
  private queue: Promise<void> = Promise.resolve();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private stopped = false;

  constructor(private readonly options: DeliveryOptions) {}

  /** Called for every event the account records. */
  add(event: StripeObject): void {
    const { endpoint, secret } = this.options;
    if (!endpoint || !secret || !this.enabled || this.stopped) return;
    event.pending_webhooks = 1;
    this.queue = this.queue.then(() => this.attempt(event, 1));
  }

  /** Resolves once every first attempt made so far has been answered (retries may still be pending). */
  async settled(): Promise<void> {
    await this.queue;
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
  }

  private async attempt(event: StripeObject, attempt: number): Promise<void> {
    if (this.stopped) return;
    const status = await this.post(event);
    this.attempts.push({ eventId: event.id, type: event.type as string, attempt, status });
    if (status >= 200 && status < 300) {
      event.pending_webhooks = 0;
      return;
    }
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    const delay = delays[attempt - 1];
    if (delay === undefined || this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(event, attempt + 1);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private async post(event: StripeObject): Promise<number> {
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.options.secret ?? "",
    });
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    try {
      const response = await fetch(this.options.endpoint ?? "", {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": signature,
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: payload,
        signal: controller.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.status;
    } catch {
      return 0;
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
  }
}
