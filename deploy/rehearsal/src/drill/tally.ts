/** The kinds of operation the drill's load mixes. */
export type OpKind = "read" | "instance" | "notification" | "install";

/** An answer's status, or `transport` when no HTTP answer came (connection refused or reset, timeout). */
export type Status = number | "transport";

export interface Failure {
  kind: OpKind;
  status: Status;
  /** A 503 that carried Retry-After: the one failure the rehearsal allows (<= 0.1 %). */
  retryAfter: boolean;
  at: number;
  detail: string;
}

/** Every request the drill sent and how it ended. */
export class Tally {
  sent = 0;
  readonly byKind: Record<OpKind, number> = { read: 0, instance: 0, notification: 0, install: 0 };
  readonly byStatus = new Map<string, number>();
  readonly failures: Failure[] = [];

  record(kind: OpKind, status: Status, ok: boolean, retryAfter = false, detail = ""): void {
    this.sent += 1;
    this.byKind[kind] += 1;
    const key = String(status);
    this.byStatus.set(key, (this.byStatus.get(key) ?? 0) + 1);
    if (!ok) this.failures.push({ kind, status, retryAfter, at: Date.now(), detail: detail.slice(0, 300) });
  }
}
