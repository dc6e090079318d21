import { describe, expect, it } from "vitest";
import { SINGLE_THREADED_GC, startFlags } from "./start-flags";

describe("the flags a process starts with", () => {
  it("carry the collectors-on-the-main-thread flag by default", () => {
    expect(startFlags({})).toEqual([SINGLE_THREADED_GC]);
    expect(startFlags({ RUNTIME_TUNING: "on", RUNTIME_TUNING_SKIP: "heap-trim" })).toEqual([
      "--single-threaded-gc",
    ]);
  });

  it("carry none with the tuning off or this tuning skipped", () => {
    expect(startFlags({ RUNTIME_TUNING: "OFF" })).toEqual([]);
    expect(startFlags({ RUNTIME_TUNING_SKIP: "heap-trim, Single-Threaded-GC " })).toEqual([]);
  });

  it("carry none for settlements, whose exports peak higher with it, and the flag for every other target", () => {
    expect(startFlags({}, "settlements")).toEqual([]);
    expect(startFlags({}, "gateway")).toEqual([SINGLE_THREADED_GC]);
    expect(startFlags({}, "catalogue")).toEqual([SINGLE_THREADED_GC]);
    expect(() => startFlags({ RUNTIME_TUNING: "maybe" }, "settlements")).toThrow(/RUNTIME_TUNING/);
  });

  it("refuse a wrong value as the preload does", () => {
    expect(() => startFlags({ RUNTIME_TUNING: "maybe" })).toThrow(/RUNTIME_TUNING/);
    expect(() => startFlags({ RUNTIME_TUNING_SKIP: "single-thread-gc" })).toThrow(/no tuning/);
  });
});
