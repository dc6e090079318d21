import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BreakerOpenError, createBreaker, createRetry } from "./resilience";

class Transient extends Error {}
class Answer extends Error {}

function setup() {
  const transitions: string[] = [];
  const breaker = createBreaker({
    failureThreshold: 3,
    resetAfterMs: 1_000,
    isFailure: (e) => e instanceof Transient,
    onStateChange: (from, to) => transitions.push(`${from}->${to}`),
  });
  const fail = () => breaker.run(() => Promise.reject(new Transient("down")));
  const answer = () => breaker.run(() => Promise.reject(new Answer("404")));
  const succeed = () => breaker.run(() => Promise.resolve("ok"));
  return { breaker, fail, answer, succeed, transitions };
}

describe("circuit breaker", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("opens after consecutive counted failures and then fails fast without calling", async () => {
    const { breaker, fail } = setup();
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toBeInstanceOf(Transient);
    expect(breaker.state()).toBe("open");
    let called = false;
    vi.advanceTimersByTime(400);
    const refused = await breaker
      .run(async () => {
        called = true;
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BreakerOpenError);
    expect((refused as BreakerOpenError).retryAfterMs).toBe(600);
    expect(called).toBe(false);
  });

  it("a success in between resets the count", async () => {
    const { breaker, fail, succeed } = setup();
    await expect(fail()).rejects.toThrow();
    await expect(fail()).rejects.toThrow();
    await succeed();
    await expect(fail()).rejects.toThrow();
    await expect(fail()).rejects.toThrow();
    expect(breaker.state()).toBe("closed");
  });

  it("answers like a 404 do not count as failures", async () => {
    const { breaker, answer } = setup();
    for (let i = 0; i < 5; i++) await expect(answer()).rejects.toBeInstanceOf(Answer);
    expect(breaker.state()).toBe("closed");
  });

  it("lets one trial through after the reset time; a good trial closes it", async () => {
    const { breaker, fail, succeed, transitions } = setup();
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow();
    vi.advanceTimersByTime(999);
    await expect(succeed()).rejects.toBeInstanceOf(BreakerOpenError);
    vi.advanceTimersByTime(1);
    await expect(succeed()).resolves.toBe("ok");
    expect(breaker.state()).toBe("closed");
    expect(transitions).toEqual(["closed->open", "open->half-open", "half-open->closed"]);
  });

  it("a failed trial opens it again for a full period; callers during a trial wait for it", async () => {
    const { breaker, fail, succeed } = setup();
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow();
    vi.advanceTimersByTime(1_000);
    let release: () => void = () => {};
    let trials = 0;
    const trial = breaker.run(() => {
      trials++;
      return new Promise<void>((r) => {
        release = r;
      });
    });
    expect(breaker.state()).toBe("half-open");
    const waiting = succeed();
    release();
    await trial;
    await expect(waiting).resolves.toBe("ok");
    expect(trials).toBe(1);
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow();
    vi.advanceTimersByTime(1_000);
    await expect(fail()).rejects.toBeInstanceOf(Transient);
    expect(breaker.state()).toBe("open");
    vi.advanceTimersByTime(500);
    await expect(succeed()).rejects.toBeInstanceOf(BreakerOpenError);
  });
});

describe("retries", () => {
  const policy = { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 };

  it("retries what it is told to, up to the attempts, each delay between half and all of its step", async () => {
    const delays: number[] = [];
    const steps = { attempts: 4, baseDelayMs: 4, maxDelayMs: 10 };
    const retries = createRetry(
      steps,
      (e) => e instanceof Transient,
      (_e, _n, delay) => delays.push(delay),
    );
    let calls = 0;
    await expect(
      retries.run(async () => {
        calls++;
        if (calls < 4) throw new Transient("busy");
        return "ok";
      }),
    ).resolves.toBe("ok");
    expect(calls).toBe(4);
    // steps of 4, 8 and 16 capped at 10 ms
    const [first, second, third] = delays;
    expect(first).toBeGreaterThanOrEqual(2);
    expect(first).toBeLessThanOrEqual(4);
    expect(second).toBeGreaterThanOrEqual(4);
    expect(second).toBeLessThanOrEqual(8);
    expect(third).toBeGreaterThanOrEqual(5);
    expect(third).toBeLessThanOrEqual(10);
  });

  it("gives up after the last attempt with the last error", async () => {
    const retries = createRetry(policy, (e) => e instanceof Transient);
    let calls = 0;
    await expect(
      retries.run(async () => {
        calls++;
        throw new Transient(`down ${calls}`);
      }),
    ).rejects.toThrow("down 3");
    expect(calls).toBe(3);
  });

  it("throws anything else at once", async () => {
    const retries = createRetry(policy, (e) => e instanceof Transient);
    let calls = 0;
    await expect(
      retries.run(async () => {
        calls++;
        throw new Answer("404");
      }),
    ).rejects.toBeInstanceOf(Answer);
    expect(calls).toBe(1);
  });

  it("stops waiting when the caller gives up", async () => {
    const retries = createRetry({ attempts: 5, baseDelayMs: 10_000, maxDelayMs: 10_000 }, () => true);
    const controller = new AbortController();
    let calls = 0;
    const run = retries.run(async () => {
      calls++;
      throw new Transient("busy");
    }, controller.signal);
    setTimeout(() => controller.abort(), 20);
    const started = Date.now();
    await expect(run).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(calls).toBe(1);
  });
});
