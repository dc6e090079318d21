export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One event sent (or to be sent) to one endpoint, as the delivery log shows it. */
export interface Delivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  durationMs: number | null;
  lastError: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
}

/** What one HTTP attempt came to. */
export type AttemptOutcome =
  | { ok: true; status: number; durationMs: number }
  | { ok: false; status: number | null; durationMs: number; error: string };

/** A 2xx answer is a success; anything else (another status, a timeout, a refused address) is not. */
export const isSuccess = (status: number) => status >= 200 && status < 300;
