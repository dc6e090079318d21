import { describe, expect, it } from "vitest";
import { z } from "zod";
import { busEnv, busSettings, DEFAULT_MAX_EVENT_BYTES, parseDuration, parseSize } from "./config";

const env = z.object(busEnv);

describe("bus configuration", () => {
  it("reads durations and sizes with units", () => {
    expect(parseDuration("30d")).toBe(30 * 86_400_000);
    expect(parseDuration("90m")).toBe(5_400_000);
    expect(parseDuration("250ms")).toBe(250);
    expect(parseSize("896KiB")).toBe(917_504);
    expect(parseSize("10GiB")).toBe(10 * 1024 ** 3);
    expect(parseSize("1048576")).toBe(1_048_576);
    expect(() => parseDuration("30 days")).toThrow();
    expect(() => parseSize("1.5GiB")).toThrow();
  });

  it("defaults to one replica, 30 days, no size cap, and an inbox a day longer than the stream", () => {
    const settings = busSettings(env.parse({}));
    expect(settings).toMatchObject({
      streamReplicas: 1,
      streamMaxAgeMs: 30 * 86_400_000,
      streamMaxBytes: -1,
      maxEventBytes: DEFAULT_MAX_EVENT_BYTES,
      outboxMaxAttempts: 10,
      outboxParkAfterMs: 600_000,
      inboxRetentionMs: 31 * 86_400_000,
      ackWaitMs: 10_000,
    });
    expect(DEFAULT_MAX_EVENT_BYTES).toBeLessThan(1024 * 1024);
    expect(busSettings(env.parse({ BUS_STREAM_MAX_BYTES: "2GiB" })).streamMaxBytes).toBe(2 * 1024 ** 3);
  });

  it("names bad keys", () => {
    const result = env.safeParse({
      BUS_STREAM_REPLICAS: "0",
      BUS_STREAM_MAX_AGE: "soon",
      BUS_MAX_EVENT_BYTES: "1MB",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual([
      "BUS_MAX_EVENT_BYTES",
      "BUS_STREAM_MAX_AGE",
      "BUS_STREAM_REPLICAS",
    ]);
  });

  it("refuses an inbox window shorter than the stream's history", () => {
    expect(() => busSettings(env.parse({ BUS_STREAM_MAX_AGE: "30d", BUS_INBOX_RETENTION: "7d" }))).toThrow(
      /BUS_INBOX_RETENTION/,
    );
    expect(
      busSettings(env.parse({ BUS_STREAM_MAX_AGE: "7d", BUS_INBOX_RETENTION: "7d" })).inboxRetentionMs,
    ).toBe(7 * 86_400_000);
  });
});
