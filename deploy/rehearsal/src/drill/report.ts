import type { DrillFigures } from "./verdict";

export interface RunFacts {
  /** When the drill's load started, ISO. */
  date: string;
  commit: string;
  machine: string;
  rate: number;
  /** Seconds from the first container started to all ready, in `up`. */
  startSeconds: number;
  installsQueued: number;
  dropped: number;
}

/** The drill's section of docs/rehearsal.md: what was done to what, and the figures, with the verdict. */
export function renderRun(facts: RunFacts, figures: DrillFigures, missed: string[]): string {
  const { outcomes: o } = figures;
  const byStatus = new Map<string, number>();
  for (const f of figures.failures) {
    const key = f.status === 503 ? `503 ${f.retryAfter ? "with" : "without"} Retry-After` : String(f.status);
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  const failed = [...byStatus].map(([status, n]) => `${status}: ${n}`).join(", ") || "none";
  const share = figures.requests ? ((figures.failures.length / figures.requests) * 100).toFixed(3) : "0";
  const lines = [
    `### Run of ${facts.date} at ${facts.commit}: ${missed.length === 0 ? "passed" : "FAILED"}`,
    "",
    `Machine: ${facts.machine}. Load: ${facts.rate} operations a second for ${figures.seconds.toFixed(0)} s;`,
    `every container ready ${facts.startSeconds.toFixed(0)} s after the first started.`,
    "",
    "| figure | value |",
    "|---|---|",
    `| requests sent | ${figures.requests} (${facts.dropped} not sent: too many in flight) |`,
    `| failed, by status | ${failed} (${share} % of requests) |`,
    `| notifications accepted -> purchases -> sales in the ledger | ${figures.accepted} -> ${o.purchases} -> ${o.sales} |`,
    `| ledger entries of those sales | ${o.ledgerEntries} |`,
    `| lost / doubled | ${figures.accepted - o.purchases} lost, ${o.doubledPurchases + o.doubledSales} doubled |`,
    `| notifications never accepted after redelivery | ${figures.undelivered} |`,
    `| installs queued | ${facts.installsQueued} |`,
    `| dead letters | ${o.deadLetters} |`,
    `| parked outbox rows | ${o.parkedOutbox} |`,
    `| longest time from notification to purchase | ${(o.maxAppearanceMs / 1000).toFixed(2)} s |`,
    "",
    "| at (s) | disruption | container | back ready after (s) |",
    "|---|---|---|---|",
    ...figures.steps.map(
      (s) =>
        `| ${s.startedAt.toFixed(0)} | ${s.action} | ${s.container} | ${s.error ? `not ready: ${s.error}` : s.seconds.toFixed(1)} |`,
    ),
    "",
    missed.length === 0 ? "Every requirement met." : `Missed:\n\n${missed.map((m) => `- ${m}`).join("\n")}`,
    "",
  ];
  const samples = figures.failures.slice(0, 5).map((f) => `- ${f.kind} ${f.status}: ${f.detail}`);
  if (samples.length > 0) lines.push("First failures:", "", ...samples, "");
  return lines.join("\n");
}
