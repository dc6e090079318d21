import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, deferredChild, logFormatFrom } from "./index";

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

describe("error serialization", () => {
  /** An error as a driver throws it: the client that holds the connection hangs off it, unlisted. */
  function driverError(): Error {
    const error = Object.assign(new Error("connection refused"), { code: "ECONNREFUSED" });
    const client = { connectionParameters: { password: "hunter2-db" }, socket: { state: "open" } };
    return Object.defineProperty(error, "client", { value: client, enumerable: false });
  }

  it.each(["err", "error", "reason", "cause"])(
    "writes an Error under %s as type, message, stack and code",
    (key) => {
      const { lines, destination } = capture();
      const logger = createLogger({ service: "db", level: "info", destination });
      logger.warn({ [key]: driverError() }, "failed");
      const logged = lines[0]![key] as Record<string, unknown>;
      expect(logged).toMatchObject({ type: "Error", message: "connection refused", code: "ECONNREFUSED" });
      expect(typeof logged.stack).toBe("string");
      expect(JSON.stringify(lines[0])).not.toContain("hunter2-db");
    },
  );

  it("leaves values that are not errors as they are", () => {
    const { lines, destination } = capture();
    const logger = createLogger({ service: "db", level: "info", destination });
    logger.warn({ reason: "3 pending" }, "waiting");
    expect(lines[0]).toMatchObject({ reason: "3 pending" });
  });

  it("redacts connection strings and Stripe signatures", () => {
    const { lines, destination } = capture();
    const logger = createLogger({ service: "db", level: "info", destination });
    logger.info(
      {
        pool: { connectionString: "postgres://u:pw@h/db" },
        req: { headers: { "stripe-signature": "t=1,v1=ab" } },
      },
      "x",
    );
    expect(JSON.stringify(lines[0])).not.toContain("pw@h");
    expect(JSON.stringify(lines[0])).not.toContain("v1=ab");
  });
});

describe("LOG_FORMAT", () => {
  it("is JSON unless it says pretty", () => {
    expect(logFormatFrom(undefined)).toBe("json");
    expect(logFormatFrom("json")).toBe("json");
    expect(logFormatFrom("Pretty")).toBe("json");
    expect(logFormatFrom("pretty")).toBe("pretty");
  });

  it("pretty writes one readable line per event, without JSON, service, pid or host", () => {
    const chunks: string[] = [];
    const destination = new Writable({
      write(chunk, _enc, cb) {
        chunks.push(String(chunk));
        cb();
      },
    });
    const logger = createLogger({ service: "catalogue", level: "info", format: "pretty", destination });
    logger.warn({ reason: "stream not found", stream: "IOT" }, "consumer unavailable; retrying");
    const line = chunks.join("");
    expect(line.trimEnd().split("\n")).toHaveLength(1);
    expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] WARN: consumer unavailable; retrying /);
    expect(line).toContain('"stream":"IOT"');
    expect(line).not.toMatch(/"service"|"pid"|"hostname"|catalogue/);
    chunks.length = 0;
    logger.error({ err: new Error("boom") }, "failed");
    expect(chunks.join("")).toMatch(/ERROR: failed[\s\S]*Error: boom\n\s+at /);
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
