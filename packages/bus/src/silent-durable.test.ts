import { JetStreamError } from "@nats-io/jetstream";
import { describe, expect, it } from "vitest";
import { isSilentPull, SilentPullWatch } from "./silent-durable";

const silent = () => new JetStreamError("heartbeats missed");

describe("SilentPullWatch", () => {
  it("asks for a rebuild after the threshold of silent pulls in a row, then counts again", () => {
    const watch = new SilentPullWatch(3);
    expect([watch.failed(silent()), watch.failed(silent()), watch.failed(silent())]).toEqual([
      false,
      false,
      true,
    ]);
    expect([watch.failed(silent()), watch.failed(silent()), watch.failed(silent())]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it("starts again after an answered pull or any other failure", () => {
    const watch = new SilentPullWatch(2);
    expect(watch.failed(silent())).toBe(false);
    watch.answered();
    expect(watch.failed(silent())).toBe(false);
    expect(watch.failed(new Error("stream not found"))).toBe(false);
    expect(watch.failed(silent())).toBe(false);
    expect(watch.failed(silent())).toBe(true);
  });

  it("counts only a pull the server left without even its heartbeats", () => {
    expect(isSilentPull(silent())).toBe(true);
    expect(isSilentPull(new JetStreamError("consumer deleted"))).toBe(false);
    expect(isSilentPull(new Error("heartbeats missed"))).toBe(false);
  });
});
