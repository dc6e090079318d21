import type { ClaimedInstall, InstallUpdateRepository } from "./ports";

/** Time a round allows for writing one call's outcome (its transaction and event) on a loaded database. */
export const SETTLE_ALLOWANCE_MS = 3_000;

/**
 * A round's lease when each platform call may take `callMs` (its wait for a budget token plus its
 * timeout): renewed while one call and the writing of its outcome still fit before the lease ends, and
 * twice that long. Renewing with only the call's time left let a round whose writes were slow lose its
 * rows to another replica mid-call, which polled them again.
 */
export function roundLeaseTiming(callMs: number): { leaseMs: number; renewBeforeMs: number } {
  const renewBeforeMs = callMs + SETTLE_ALLOWANCE_MS;
  return { leaseMs: 2 * renewBeforeMs, renewBeforeMs };
}

/**
 * The lease of one poll round's rows. Before each platform call the round calls `keep()`: when less than
 * `renewBeforeMs` (the longest one call may take: a token wait plus its timeout) is left, the rows not
 * settled yet are leased again under a new token, and rows another round took over meanwhile are dropped
 * (`holds` turns false). `signal()` aborts a call at the lease's end, so a call waiting for tokens never
 * outlives it. Time is measured on this process's monotonic clock from just before the claim, which ends
 * no later than the database's lease.
 */
export class RoundLease {
  private readonly held: Set<string>;
  private token: Date;
  private deadline: number;

  constructor(
    claimed: readonly ClaimedInstall[],
    private readonly opts: {
      installs: InstallUpdateRepository;
      leaseMs: number;
      renewBeforeMs: number;
      claimedAt: number;
      monotonicMs: () => number;
    },
  ) {
    this.held = new Set(claimed.map((i) => i.installId));
    this.token = claimed[0]?.leaseUntil ?? new Date(0);
    this.deadline = opts.claimedAt + opts.leaseMs;
  }

  /** The current token: writes of this round match it. */
  get leaseUntil(): Date {
    return this.token;
  }

  holds(installId: string): boolean {
    return this.held.has(installId);
  }

  /** The row is settled (or given up) by this round: no longer renewed. */
  release(installId: string): void {
    this.held.delete(installId);
  }

  /** Renews the lease of the rows still held when less than `renewBeforeMs` is left. */
  async keep(): Promise<void> {
    if (this.held.size === 0 || this.deadline - this.opts.monotonicMs() >= this.opts.renewBeforeMs) return;
    const startedAt = this.opts.monotonicMs();
    const renewed = await this.opts.installs.renewLease([...this.held], this.token, this.opts.leaseMs);
    const kept = new Set(renewed.installIds);
    for (const id of this.held) if (!kept.has(id)) this.held.delete(id);
    this.token = renewed.leaseUntil;
    this.deadline = startedAt + this.opts.leaseMs;
  }

  /** Aborts when the lease runs out (or `outer` aborts). */
  signal(outer?: AbortSignal): AbortSignal {
    const timeout = AbortSignal.timeout(Math.max(0, Math.floor(this.deadline - this.opts.monotonicMs())));
    return outer ? AbortSignal.any([outer, timeout]) : timeout;
  }

  expired(): boolean {
    return this.deadline <= this.opts.monotonicMs();
  }
}
