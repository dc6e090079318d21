import { describe, expect, it } from "vitest";
import { chunk, GET_ASSETS_BATCH } from "./assets.client";

describe("chunk", () => {
  it("splits ids into batches the assets service accepts, keeping every id once and in order", () => {
    const ids = Array.from({ length: 2 * GET_ASSETS_BATCH + 7 }, (_, i) => `id-${i}`);
    const batches = chunk(ids, GET_ASSETS_BATCH);
    expect(batches.map((b) => b.length)).toEqual([GET_ASSETS_BATCH, GET_ASSETS_BATCH, 7]);
    expect(batches.flat()).toEqual(ids);
    expect(chunk([], GET_ASSETS_BATCH)).toEqual([]);
  });
});
