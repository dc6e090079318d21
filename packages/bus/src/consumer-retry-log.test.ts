import { JetStreamApiCodes, JetStreamApiError } from "@nats-io/jetstream";
import { describe, expect, it } from "vitest";
import { logRetry } from "./consumer";

function recorder() {
  const lines: Array<{ level: string; fields: Record<string, unknown>; msg: string }> = [];
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, msg: string): void => {
      lines.push({ level, fields, msg });
    };
  return { lines, log: { debug: at("debug"), warn: at("warn") } as never };
}

const streamNotFound = () =>
  new JetStreamApiError({
    err_code: JetStreamApiCodes.StreamNotFound,
    code: 404,
    description: "stream not found",
  });

describe("a consumer's retry lines", () => {
  it("a stream not created yet is the start-up race: debug, no stack, until it lasts", () => {
    const { lines, log } = recorder();
    logRetry(log, streamNotFound(), 1);
    logRetry(log, streamNotFound(), 9);
    logRetry(log, streamNotFound(), 10);
    expect(lines.map((l) => l.level)).toEqual(["debug", "debug", "warn"]);
    for (const line of lines) {
      expect(line.fields).toEqual({ reason: "stream not found", failures: expect.any(Number) });
      expect(JSON.stringify(line.fields)).not.toContain("at ");
    }
  });

  it("any other failure is a warning with the error", () => {
    const { lines, log } = recorder();
    const other = new JetStreamApiError({ err_code: 10008, code: 500, description: "jetstream not ready" });
    logRetry(log, other, 1);
    logRetry(log, new Error("connection closed"), 1);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ["warn", "consumer unavailable; retrying"],
      ["warn", "consumer unavailable; retrying"],
    ]);
    expect(lines[0]!.fields.err).toBe(other);
  });
});
