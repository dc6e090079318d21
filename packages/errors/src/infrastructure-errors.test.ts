import { describe, expect, it } from "vitest";
import { AppError } from "./app-error";
import { asAppError, unavailableDependency } from "./infrastructure-errors";

/**
 * Every error shape the classification names, as plain objects shaped like what `pg`, Node's sockets
 * and the AWS SDK throw. The integration test proves a few against a real PostgreSQL; this table defends
 * each entry (the mutation pass found a deleted SQLSTATE or errno would fail no test), so a sick
 * dependency can never fall back to a 500.
 */
const pg = (code: string) => Object.assign(new Error("pg"), { code, severity: "ERROR" });
const socket = (code: string) => Object.assign(new Error(`connect ${code}`), { code });
const aws = (fields: Record<string, unknown>) => Object.assign(new Error("s3"), { $metadata: {}, ...fields });

const BUSY: [string, unknown][] = [
  ...["57014", "55P03", "53300", "53400", "53000", "53100", "53200"].map((c): [string, unknown] => [
    `SQLSTATE ${c}`,
    pg(c),
  ]),
  ["pool connect timeout", new Error("timeout exceeded when trying to connect")],
  ["query read timeout", new Error("Query read timeout")],
  ["socket ETIMEDOUT", socket("ETIMEDOUT")],
  ["S3 5xx", aws({ $metadata: { httpStatusCode: 503 } })],
  ["S3 server fault", aws({ $fault: "server" })],
  ...["TimeoutError", "RequestTimeout", "RequestTimeoutException", "SlowDown", "ServiceUnavailable"].map(
    (name): [string, unknown] => [`S3 ${name}`, aws({ name, $metadata: { httpStatusCode: 400 } })],
  ),
  ...["InternalError", "ThrottlingException", "Throttling"].map((name): [string, unknown] => [
    `S3 ${name}`,
    aws({ name }),
  ]),
];

const DOWN: [string, unknown][] = [
  ...["08006", "08001", "57P01", "57P02", "57P03", "57P05", "58000", "58030"].map((c): [string, unknown] => [
    `SQLSTATE ${c}`,
    pg(c),
  ]),
  ...[
    "Connection terminated due to connection timeout",
    "Connection terminated unexpectedly",
    "Connection terminated",
    "Client has encountered a connection error and is not queryable",
    "Client was closed and is not queryable",
  ].map((message): [string, unknown] => [message, new Error(message)]),
  ...[
    "ECONNREFUSED",
    "ECONNRESET",
    "ECONNABORTED",
    "EHOSTUNREACH",
    "EHOSTDOWN",
    "ENETUNREACH",
    "ENETDOWN",
    "ENOTFOUND",
    "EAI_AGAIN",
    "EPIPE",
    "EADDRNOTAVAIL",
  ].map((code): [string, unknown] => [`socket ${code}`, socket(code)]),
];

describe("a sick dependency is upstream-unavailable, never internal", () => {
  it.each(BUSY)("busy: %s", (_, error) => {
    const found = unavailableDependency(error);
    expect(found?.code).toBe("upstream-unavailable");
    expect(found?.retryAfterSeconds).toBe(2);
    expect(found?.message).toMatch(/is busy; retry shortly\.$/);
  });

  it.each(DOWN)("down: %s", (_, error) => {
    const found = unavailableDependency(error);
    expect(found?.code).toBe("upstream-unavailable");
    expect(found?.retryAfterSeconds).toBe(5);
    expect(found?.message).toMatch(/is unavailable; retry shortly\.$/);
  });

  it("names the kind of dependency, never the raw error", () => {
    expect(unavailableDependency(pg("53300"))?.message).toBe("The database is busy; retry shortly.");
    expect(unavailableDependency(socket("ECONNREFUSED"))?.message).toBe(
      "A dependency is unavailable; retry shortly.",
    );
    expect(unavailableDependency(Object.assign(socket("ECONNREFUSED"), { $metadata: {} }))?.message).toBe(
      "The object storage is unavailable; retry shortly.",
    );
  });

  it("finds the cause inside wrappers and aggregate errors, to a limited depth", () => {
    expect(unavailableDependency(new Error("wrapped", { cause: pg("57P01") }))?.code).toBe(
      "upstream-unavailable",
    );
    expect(unavailableDependency(new AggregateError([new Error("a"), socket("ECONNREFUSED")]))).toBeDefined();
    let deep: unknown = socket("ECONNREFUSED");
    for (let i = 0; i < 7; i++) deep = new Error("wrapped", { cause: deep });
    expect(unavailableDependency(deep)).toBeUndefined();
  });

  it("leaves request faults, unknown errors and AppErrors alone", () => {
    for (const error of [
      pg("23505"),
      pg("22P02"),
      Object.assign(new Error("x"), { code: "57014" }),
      aws({ name: "NoSuchKey", $metadata: { httpStatusCode: 404 } }),
      new Error("relation does not exist"),
      new AppError("not-found", "Gone."),
      "a string",
      null,
    ]) {
      expect(unavailableDependency(error)).toBeUndefined();
    }
  });

  it("turns anything else into internal with the error id, and keeps AppErrors", () => {
    const internal = asAppError(new Error("secret SQL"), { errorId: "e-1234567" });
    expect(internal).toMatchObject({ code: "internal", message: "An internal error occurred." });
    expect(internal.extensions).toEqual({ errorId: "e-1234567" });
    expect(asAppError(new Error("x")).extensions).toEqual({});
    const known = new AppError("gallery-full", "Full.");
    expect(asAppError(known)).toBe(known);
    expect(asAppError(pg("53300")).code).toBe("upstream-unavailable");
  });
});
