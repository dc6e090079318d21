import { describe, expect, it } from "vitest";
import { named } from "./named-statement";

describe("named", () => {
  it("names a text the same way every time and another text differently", () => {
    const a = named("INSERT INTO t (a) VALUES ($1)", [1]);
    const again = named("INSERT INTO t (a) VALUES ($1)", [2]);
    const b = named("INSERT INTO t (b) VALUES ($1)", [1]);
    expect(again.name).toBe(a.name);
    expect(b.name).not.toBe(a.name);
    expect(a.name).toMatch(/^mp_[A-Za-z0-9_-]{20}$/);
  });

  it("carries the text and the values of the call", () => {
    expect(named("SELECT $1::int", [7])).toEqual({
      name: expect.any(String),
      text: "SELECT $1::int",
      values: [7],
    });
  });
});
