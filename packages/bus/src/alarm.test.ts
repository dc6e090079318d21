import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Alarm } from "./alarm";

describe("Alarm", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sleeps for the given time unless woken", async () => {
    const alarm = new Alarm();
    let done = false;
    const sleeping = alarm.sleep(1_000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(done).toBe(true);
  });

  it("wakes a sleeper at once and leaves no timer behind", async () => {
    const alarm = new Alarm();
    const sleeping = alarm.sleep(60_000);
    alarm.wake();
    await sleeping;
    expect(vi.getTimerCount()).toBe(0);
  });

  it("remembers a wake that came while nobody slept, once", async () => {
    const alarm = new Alarm();
    alarm.wake();
    await alarm.sleep(60_000);
    expect(vi.getTimerCount()).toBe(0);
    const second = alarm.sleep(10);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(10);
    await second;
  });

  it("forgets a remembered wake when reset, and remembers one after it", async () => {
    const alarm = new Alarm();
    alarm.wake();
    alarm.reset();
    const forgotten = alarm.sleep(10);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(10);
    await forgotten;
    alarm.reset();
    alarm.wake();
    await alarm.sleep(60_000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("sleepFully is not cut short by a wake, which it remembers; stop ends it at once", async () => {
    const alarm = new Alarm();
    let done = false;
    const sleeping = alarm.sleepFully(1_000).then(() => {
      done = true;
    });
    alarm.wake();
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    // The wake that came meanwhile ends the next sleep at once.
    await alarm.sleep(60_000);
    const stopped = alarm.sleepFully(60_000);
    alarm.stop();
    await stopped;
    expect(vi.getTimerCount()).toBe(0);
  });

  it("takePending answers a remembered wake once, and forgets it", async () => {
    const alarm = new Alarm();
    expect(alarm.takePending()).toBe(false);
    alarm.wake();
    expect(alarm.takePending()).toBe(true);
    expect(alarm.takePending()).toBe(false);
    let done = false;
    void alarm.sleep(1_000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(990);
    expect(done).toBe(true);
  });
});
