import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, deferredChild } from "./index";

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

describe("deferredChild", () => {
  it("writes the lines of a child with its bindings and those set later, each key once", () => {
    const { lines, destination } = capture();
    const logger = createLogger({ service: "gateway", level: "info", destination });
    const child = deferredChild(logger, { reqId: "r-1" });
    child.setBindings({ traceId: "t-1" });
    child.info({ code: "x" }, "refused");
    child.setBindings({ spanId: "s-1" });
    child.warn("later");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      service: "gateway",
      reqId: "r-1",
      traceId: "t-1",
      code: "x",
      msg: "refused",
    });
    expect(lines[1]).toMatchObject({ reqId: "r-1", traceId: "t-1", spanId: "s-1", msg: "later" });
    expect(child.bindings()).toMatchObject({ reqId: "r-1", traceId: "t-1", spanId: "s-1" });
    logger.info("parent");
    expect(lines[2]).not.toHaveProperty("reqId");
  });

  it("makes no child while nothing is written at an enabled level, and follows level changes", () => {
    const { lines, destination } = capture();
    const logger = createLogger({ service: "gateway", level: "warn", destination });
    const made: unknown[] = [];
    const parent = new Proxy(logger, {
      get(target, key, receiver) {
        if (key === "child")
          return (...args: unknown[]) => {
            made.push(args);
            return Reflect.apply(target.child, target, args);
          };
        return Reflect.get(target, key, receiver);
      },
    });
    const child = deferredChild(parent, { reqId: "r-2" });
    child.setBindings({ traceId: "t-2" });
    child.info("below the level");
    child.debug("below the level");
    expect(made).toHaveLength(0);
    expect(child.level).toBe("warn");
    expect(child.isLevelEnabled("info")).toBe(false);
    child.level = "info";
    child.info("now written");
    expect(made).toHaveLength(1);
    expect(lines).toEqual([expect.objectContaining({ reqId: "r-2", traceId: "t-2", msg: "now written" })]);
    expect(logger.level).toBe("warn");
  });
});
