/** One dependency readiness depends on: resolves true when usable, or a short reason why not. */
export type ReadinessCheck = () => Promise<true | string>;

export interface ReadinessReport {
  ready: boolean;
  /** Each check's answer: `ok`, or why it is not. */
  checks: Record<string, string>;
}

const CHECK_TIMEOUT_MS = 2_000;

/**
 * What `/readyz` answers: every named check must pass, and nothing may be stopping. Checks can be set as
 * the process comes up (the bus check exists once NATS is connected); until then a placeholder says what
 * is awaited. Each check gets 2 s; a slow dependency is not ready. Checks added with `inform` are answered
 * too but do not decide readiness (someone else's health, shown for the operator).
 */
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private readonly informational = new Set<string>();
  private stoppingSince: number | undefined;

  /** Add or replace a check. */
  set(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
    this.informational.delete(name);
  }

  /** Add or replace a check that is reported in `checks` but never makes the process not ready. */
  inform(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
    this.informational.add(name);
  }

  /** A check that answers `reason` until it is replaced. */
  pending(name: string, reason: string): void {
    this.checks.set(name, async () => reason);
  }

  /** From now on not ready, whatever the checks say: shutdown has begun. */
  stopping(): void {
    this.stoppingSince ??= Date.now();
  }

  /** Whether `stopping()` was called. */
  isStopping(): boolean {
    return this.stoppingSince !== undefined;
  }

  async report(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => [name, await answer(check)] as const),
    );
    const checks = Object.fromEntries(entries);
    if (this.stoppingSince !== undefined) checks.process = "shutting down";
    const ready = Object.entries(checks).every(
      ([name, value]) => value === "ok" || this.informational.has(name),
    );
    return { ready, checks };
  }
}

async function answer(check: ReadinessCheck): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([
      check().catch((error: Error) => error.message || String(error)),
      timeout,
    ]);
    return result === true ? "ok" : result;
  } finally {
    clearTimeout(timer);
  }
}
