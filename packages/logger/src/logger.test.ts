import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./index";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)));
      cb();
    },
  });
  return { lines, destination };
}

describe("createLogger", () => {
  it("writes one JSON object per line with service, level label and child fields", () => {
    const { lines, destination } = capture();
    const logger = createLogger({ service: "catalogue", level: "info", destination });
    logger.child({ requestId: "r-1" }).info("hello");
    logger.debug("hidden below the level");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ service: "catalogue", requestId: "r-1", msg: "hello", level: "info" });
    expect(typeof lines[0]!.time).toBe("string");
  });

  it("redacts credentials", () => {
    const { lines, destination } = capture();
    const logger = createLogger({ service: "gateway", level: "info", destination });
    logger.info({ req: { headers: { authorization: "Bearer secret-token" } } }, "request");
    expect(JSON.stringify(lines[0])).not.toContain("secret-token");
  });
});
