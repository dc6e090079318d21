import type pg from "pg";

/**
 * Resolves `seen(id)` once a row with that id is visible: one query every `intervalMs` over all ids
 * still awaited, so observing many effects costs one round trip per tick, not one per id. The
 * resolution of an observed latency is therefore `intervalMs` plus one query.
 */
export class RowWatcher {
  private readonly waiting = new Map<string, () => void>();
  private timer: NodeJS.Timeout | undefined;
  private polling = false;

  constructor(
    private readonly db: pg.Pool,
    /** A query taking the ids as `$1` (uuid[] or text[]) and returning the visible ones as `id`. */
    private readonly sql: string,
    private readonly intervalMs = 5,
  ) {}

  seen(id: string): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.timer ??= setInterval(() => void this.poll(), this.intervalMs);
    });
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async poll(): Promise<void> {
    if (this.polling || this.waiting.size === 0) return;
    this.polling = true;
    try {
      const { rows } = await this.db.query<{ id: string }>(this.sql, [[...this.waiting.keys()]]);
      for (const { id } of rows) {
        this.waiting.get(id)?.();
        this.waiting.delete(id);
      }
    } catch {
      // A failed poll (the database busy or restarting) is retried on the next tick.
    } finally {
      this.polling = false;
    }
  }
}
