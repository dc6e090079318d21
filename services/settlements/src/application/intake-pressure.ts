/**
 * How busy the notification intake is: the notifications whose signature verified, handed in over the
 * last second or so (forged ones are left out, so they cannot hold processing back). The
 * processor reads it to make way for the intake (see `PROCESS_BUSY_INTAKE_PER_SECOND`): both run in this
 * process and share the machine with PostgreSQL and the consumers downstream, and every 204 waits on the
 * intake while processing can wait.
 */
export interface IntakePressure {
  /** `count` notifications arrived now. */
  note(count: number): void;
  /** Notifications that arrived in the last `WINDOW_MS` to `2 * WINDOW_MS`, per second. */
  perSecond(): number;
}

const WINDOW_MS = 500;

/** Two consecutive windows of `WINDOW_MS`: the current one and the one before it. */
export function makeIntakePressure(now: () => number = () => performance.now()): IntakePressure {
  let start = now();
  let current = 0;
  let previous = 0;
  const roll = () => {
    const t = now();
    const elapsed = t - start;
    if (elapsed < WINDOW_MS) return;
    previous = elapsed < 2 * WINDOW_MS ? current : 0;
    current = 0;
    start = t - (elapsed % WINDOW_MS);
  };
  return {
    note(count) {
      roll();
      current += count;
    },
    perSecond() {
      roll();
      const span = WINDOW_MS + (now() - start);
      return ((previous + current) * 1000) / span;
    },
  };
}
