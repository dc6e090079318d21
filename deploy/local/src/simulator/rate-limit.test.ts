import { describe, expect, it } from "vitest";
import { RequestLimit } from "./rate-limit";

describe("the simulator's request limit", () => {
  it("lets a second's worth through, then refuses with the seconds until the next token", () => {
    let now = 0;
    const limit = new RequestLimit(4, () => now);
    for (let i = 0; i < 4; i++) expect(limit.take()).toBeUndefined();
    expect(limit.take()).toBe(1);
    now += 250; // one token back
    expect(limit.take()).toBeUndefined();
    expect(limit.take()).toBe(1);
    expect(limit).toMatchObject({ allowed: 5, refused: 2 });
  });

  it("never holds more than one second's worth, and a slow limit asks for a longer wait", () => {
    let now = 0;
    const limit = new RequestLimit(2, () => now);
    now += 60_000;
    expect(limit.take()).toBeUndefined();
    expect(limit.take()).toBeUndefined();
    expect(limit.take()).toBe(1);
    const slow = new RequestLimit(0.25, () => now);
    // It starts with a quarter token: three quarters at 0.25/s.
    expect(slow.take()).toBe(3);
  });

  it("0 is no limit", () => {
    const limit = new RequestLimit(0, () => 0);
    for (let i = 0; i < 1_000; i++) expect(limit.take()).toBeUndefined();
  });
});
