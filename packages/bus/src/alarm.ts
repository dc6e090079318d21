/**
 * A sleep that can be cut short. A background loop sleeps on it between passes; a notification, a
 * reconnect or `stop()` wakes it. A wake that arrives while the loop is busy is remembered, so the next
 * sleep returns at once and no notification is lost between passes.
 */
export class Alarm {
  #pending = false;
  #wakeSleeper: (() => void) | undefined;
  #stopSleepFully: (() => void) | undefined;

  sleep(ms: number): Promise<void> {
    if (this.#pending) {
      this.#pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.#wakeSleeper = undefined;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.#wakeSleeper = finish;
    });
  }

  /**
   * Sleep `ms` whatever wakes come meanwhile (they stay remembered), unless `stop` is called: for a loop
   * that has decided to wait before its next pass.
   */
  sleepFully(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#stopSleepFully = undefined;
        resolve();
      }, ms);
      this.#stopSleepFully = () => {
        clearTimeout(timer);
        this.#stopSleepFully = undefined;
        resolve();
      };
    });
  }

  /** End a `sleepFully` at once (the loop is stopping). */
  stop(): void {
    this.#stopSleepFully?.();
    this.wake();
  }

  /**
   * Forget a wake remembered while the loop was busy. For a loop about to look for work anyway: a wake
   * that came before it looks is answered by that look, and one that comes after is remembered again.
   */
  reset(): void {
    this.#pending = false;
  }

  /** Whether a wake is remembered, forgetting it: for a loop that answers it without sleeping. */
  takePending(): boolean {
    const pending = this.#pending;
    this.#pending = false;
    return pending;
  }

  wake(): void {
    if (this.#wakeSleeper) this.#wakeSleeper();
    else this.#pending = true;
  }
}
