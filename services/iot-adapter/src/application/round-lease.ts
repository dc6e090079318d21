import type { Logger } from "@mp/logger";
import type { ClaimedInstall, InstallUpdateRepository } from "./ports";

/** After a failed renewal, the next attempt comes this soon (or at the lease's end, if sooner). */
export const RENEW_RETRY_MS = 500;

/**
 * The lease of one poll round's rows, kept on a timer: once less than `renewBeforeMs` is left, the rows
 * not settled yet are leased again under a new token, whatever the round is doing (waiting for a budget
 * token, a slow platform call, a slow write of an outcome), so a live round never loses its rows to
 * another replica. Rows another round took over meanwhile are dropped (`holds` turns false). When the
 * lease ends without a renewal (the database unreachable) or holds no row any more, `signal()` aborts the
 * round's calls.
 *
 * The lease's end is the round's token: writes that match it (`withToken`) take turns with the renewal,
 * so none is made under a token a renewal is replacing. Time is measured on this process's monotonic
 * clock from just before the claim, which ends no later than the database's lease.
 */
export class RoundLease {
  private readonly held: Set<string>;
  private token: Date;
  private deadline: number;
  private readonly lost = new AbortController();
  private renewTimer: NodeJS.Timeout | undefined;
  private endTimer: NodeJS.Timeout | undefined;
  /** Renewals and token-matching writes, one at a time. */
  private turn: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    claimed: readonly ClaimedInstall[],
    private readonly opts: {
      installs: InstallUpdateRepository;
      leaseMs: number;
      renewBeforeMs: number;
      claimedAt: number;
      monotonicMs: () => number;
      logger: Logger;
    },
  ) {
    this.held = new Set(claimed.map((i) => i.installId));
    this.token = claimed[0]?.leaseUntil ?? new Date(0);
    this.deadline = opts.claimedAt + opts.leaseMs;
    this.schedule();
  }

  holds(installId: string): boolean {
    return this.held.has(installId);
  }

  /** The row is settled (or given up) by this round: no longer renewed. */
  release(installId: string): void {
    this.held.delete(installId);
  }

  /** Runs `write` with the current token, never beside a renewal. */
  withToken<T>(write: (leaseUntil: Date) => Promise<T>): Promise<T> {
    const result = this.turn.then(() => write(this.token));
    this.turn = result.catch(() => undefined);
    return result;
  }

  /** Aborts when the lease is lost (or `outer` aborts). */
  signal(outer?: AbortSignal): AbortSignal {
    return outer ? AbortSignal.any([outer, this.lost.signal]) : this.lost.signal;
  }

  /** Stops renewing; a renewal under way finishes first. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.renewTimer);
    clearTimeout(this.endTimer);
    await this.turn;
  }

  private schedule(retryMs?: number): void {
    if (this.closed) return;
    const left = this.deadline - this.opts.monotonicMs();
    clearTimeout(this.endTimer);
    this.endTimer = setTimeout(() => this.lose("the round's lease ran out"), Math.max(0, left)).unref();
    const wait = Math.min(retryMs ?? left - this.opts.renewBeforeMs, left);
    this.renewTimer = setTimeout(() => void this.renew(), Math.max(0, wait)).unref();
  }

  private lose(reason: string): void {
    if (!this.lost.signal.aborted) this.lost.abort(new Error(reason));
  }

  private async renew(): Promise<void> {
    let retryMs: number | undefined;
    await this.withToken(async (token) => {
      if (this.closed || this.held.size === 0) return;
      const startedAt = this.opts.monotonicMs();
      try {
        const renewed = await this.opts.installs.renewLease([...this.held], token, this.opts.leaseMs);
        const kept = new Set(renewed.installIds);
        for (const id of this.held) if (!kept.has(id)) this.held.delete(id);
        this.token = renewed.leaseUntil;
        this.deadline = startedAt + this.opts.leaseMs;
        if (this.held.size === 0) this.lose("another round took over every row");
      } catch (error) {
        this.opts.logger.warn(
          { err: error, installs: this.held.size },
          "renewing a poll round's lease failed",
        );
        retryMs = RENEW_RETRY_MS;
      }
    });
    // Nothing left to keep (all settled, or taken over): the end timer still marks the lease's end.
    if (this.held.size > 0 && !this.lost.signal.aborted) this.schedule(retryMs);
  }
}
