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
  /** Epoch ms of the load's start, for the failures' times. */
  origin: number;
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
  const percent = (n: number) => (figures.requests ? ((n / figures.requests) * 100).toFixed(3) : "0");
  const unavailable = figures.failures.filter((f) => f.status === 503 && f.retryAfter).length;
  const lines = [
    `### Run of ${facts.date} at ${facts.commit}: ${missed.length === 0 ? "passed" : "FAILED"}`,
    "",
    `Machine: ${facts.machine}. Load: ${facts.rate} operations a second for ${figures.seconds.toFixed(1)} s;`,
    `every container ready ${facts.startSeconds.toFixed(0)} s after the first started.`,
    "",
    "| figure | value |",
    "|---|---|",
    `| requests sent | ${figures.requests} (${facts.dropped} not sent: too many in flight) |`,
    `| failed, by status | ${failed} (${percent(figures.failures.length)} % of requests; 503 with Retry-After: ${percent(unavailable)} %, allowed 0.1 %) |`,
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
  if (o.leftovers.length > 0) lines.push("Bus leftovers:", "", ...o.leftovers.map((l) => `- ${l}`), "");
  const groups = failureGroups(figures, facts.origin);
  if (groups.length > 0) lines.push("Failures, grouped (at: seconds into the drill):", "", ...groups, "");
  return lines.join("\n");
}

/** Failures by operation, status and answer, with when the first and last happened. */
function failureGroups(figures: DrillFigures, origin: number): string[] {
  const groups = new Map<string, { n: number; first: number; last: number }>();
  for (const f of figures.failures) {
    // A problem+json answer is named by its `detail` (which upstream, which field); anything else as sent.
    const problem = /"detail":"([^"]*)"/.exec(f.detail)?.[1];
    const request = f.detail
      .slice(0, f.detail.indexOf(": ") + 1)
      .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "<id>");
    // An HTML page (a proxy's 502) is named by its <title>; every answer is kept to one line of text.
    const title = /<title>([^<]*)<\/title>/i.exec(f.detail)?.[1];
    const answer = title ? `${request} ${title}` : f.detail.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "<id>");
    const detail = (problem ? `${request} ${problem}` : answer).replace(/\s+/g, " ").trim();
    const key = `${f.kind} ${f.status}${f.retryAfter ? " (Retry-After)" : ""}: ${detail.slice(0, 200)}`;
    const at = (f.at - origin) / 1000;
    const group = groups.get(key) ?? { n: 0, first: at, last: at };
    groups.set(key, { n: group.n + 1, first: Math.min(group.first, at), last: Math.max(group.last, at) });
  }
  return [...groups].map(([key, g]) => `- ${g.n} x, at ${g.first.toFixed(0)}-${g.last.toFixed(0)}: ${key}`);
}
