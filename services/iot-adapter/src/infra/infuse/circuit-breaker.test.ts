import { describe, expect, it } from "vitest";
import { BreakerOpenError, createCircuitBreaker } from "./circuit-breaker";

class Transient extends Error {}
class Answer extends Error {}

function setup() {
  let now = 0;
  const transitions: string[] = [];
  const breaker = createCircuitBreaker({
    failureThreshold: 3,
    resetAfterMs: 1_000,
    isFailure: (e) => e instanceof Transient,
    now: () => now,
    onStateChange: (from, to) => transitions.push(`${from}->${to}`),
  });
  const fail = () => breaker.run(() => Promise.reject(new Transient("down")));
  const answer = () => breaker.run(() => Promise.reject(new Answer("404")));
  const succeed = () => breaker.run(() => Promise.resolve("ok"));
  return { breaker, fail, answer, succeed, transitions, advance: (ms: number) => (now += ms) };
}

describe("circuit breaker", () => {
  it("opens after consecutive counted failures and then fails fast without calling", async () => {
    const { breaker, fail } = setup();
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toBeInstanceOf(Transient);
    expect(breaker.state()).toBe("open");
    let called = false;
    await expect(
      breaker.run(async () => {
        called = true;
      }),
    ).rejects.toBeInstanceOf(BreakerOpenError);
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

  it("half-opens after the reset time; a good trial closes it", async () => {
    const { breaker, fail, succeed, advance, transitions } = setup();
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow();
    advance(999);
    await expect(succeed()).rejects.toBeInstanceOf(BreakerOpenError);
    advance(1);
    expect(breaker.state()).toBe("half-open");
    await expect(succeed()).resolves.toBe("ok");
    expect(breaker.state()).toBe("closed");
    expect(transitions).toEqual(["closed->open", "open->half-open", "half-open->closed"]);
  });

  it("a failed trial opens it again for a full period, and only one trial runs at a time", async () => {
    const { breaker, fail, succeed, advance } = setup();
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow();
    advance(1_000);
    let release: () => void = () => {};
    const trial = breaker.run(() => new Promise<void>((r) => (release = r)));
    await expect(succeed()).rejects.toBeInstanceOf(BreakerOpenError);
    release();
    await trial;
    expect(breaker.state()).toBe("closed");
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow();
    advance(1_000);
    await expect(fail()).rejects.toBeInstanceOf(Transient);
    expect(breaker.state()).toBe("open");
    advance(500);
    await expect(succeed()).rejects.toBeInstanceOf(BreakerOpenError);
  });
});
