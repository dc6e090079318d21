import type { Step } from "./chaos";
import type { Outcomes } from "./ledger";
import type { Failure } from "./tally";

/** The rehearsal's requirements (issue 24, item 5). */
export const MIN_DRILL_SECONDS = 300;
/** Share of requests that may fail, and only as 503 with Retry-After. */
export const MAX_UNAVAILABLE_SHARE = 0.001;

export interface DrillFigures {
  seconds: number;
  requests: number;
  failures: Failure[];
  accepted: number;
  /** Notifications refused at every redelivery. */
  undelivered: number;
  outcomes: Outcomes;
  steps: Step[];
}

/** Every requirement the drill missed, in words; empty when it passed. */
export function misses(figures: DrillFigures): string[] {
  const out: string[] = [];
  const { outcomes: o, accepted } = figures;
  if (figures.seconds < MIN_DRILL_SECONDS)
    out.push(`the load ran ${figures.seconds.toFixed(2)} s, under ${MIN_DRILL_SECONDS} s`);
  const forbidden = figures.failures.filter((f) => !(f.status === 503 && f.retryAfter));
  if (forbidden.length > 0) out.push(`${forbidden.length} requests failed other than 503 with Retry-After`);
  const allowed = figures.failures.length - forbidden.length;
  if (allowed > figures.requests * MAX_UNAVAILABLE_SHARE)
    out.push(
      `${allowed} of ${figures.requests} requests answered 503, over ${MAX_UNAVAILABLE_SHARE * 100} %`,
    );
  if (figures.undelivered > 0) out.push(`${figures.undelivered} notifications were never accepted`);
  if (o.purchases !== accepted) out.push(`${accepted} notifications accepted but ${o.purchases} purchases`);
  if (o.sales !== accepted) out.push(`${accepted} notifications accepted but ${o.sales} sales in the ledger`);
  if (o.doubledPurchases > 0) out.push(`${o.doubledPurchases} payments have more than one purchase`);
  if (o.doubledSales > 0) out.push(`${o.doubledSales} purchases have more than one sale`);
  if (o.deadLetters > 0) out.push(`${o.deadLetters} dead letters`);
  if (o.parkedOutbox > 0) out.push(`${o.parkedOutbox} parked outbox rows`);
  for (const step of figures.steps.filter((s) => s.error))
    out.push(`${step.action} ${step.container}: ${step.error}`);
  return out;
}
