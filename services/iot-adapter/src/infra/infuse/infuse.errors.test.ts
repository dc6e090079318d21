import { AppError, NotFoundError } from "@mp/errors";
import { describe, expect, it } from "vitest";
import {
  isOutage,
  isTransient,
  mapPlatformStatus,
  mapTransportFailure,
  PlatformCredentialError,
  PlatformRateLimitedError,
  PlatformTransientError,
} from "./infuse.errors";

describe("mapping of platform errors to the contract", () => {
  it("404 is not-found naming the resource", () => {
    const e = mapPlatformStatus(404, { code: 404, message: "Release not found" }, "IoT release");
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.message).toBe("IoT release was not found.");
  });

  it.each([401, 403])(
    "%i is upstream-unavailable saying the marketplace credential was refused",
    (status) => {
      const e = mapPlatformStatus(status, { code: status, message: "nope" }, "x");
      expect(e).toBeInstanceOf(PlatformCredentialError);
      expect(e.code).toBe("upstream-unavailable");
      expect(e.status).toBe(503);
      expect(e.message).toMatch(/refused the marketplace's credential/);
    },
  );

  it.each([500, 502, 503, 504])("%i is transient upstream-unavailable with Retry-After 5", (status) => {
    const e = mapPlatformStatus(status, undefined, "x");
    expect(e).toBeInstanceOf(PlatformTransientError);
    expect(e.code).toBe("upstream-unavailable");
    expect(e.retryAfterSeconds).toBe(5);
    expect(isOutage(e)).toBe(true);
  });

  it("429 is transient with the pause the platform asked for, and not an outage for the breaker", () => {
    const e = mapPlatformStatus(429, undefined, "x", 2_500);
    expect(e).toBeInstanceOf(PlatformRateLimitedError);
    expect(e.code).toBe("upstream-unavailable");
    expect(e.retryAfterSeconds).toBe(3);
    expect(isTransient(e)).toBe(true);
    expect(isOutage(e)).toBe(false);
    expect(mapPlatformStatus(429, undefined, "x").retryAfterSeconds).toBe(1);
  });

  it.each([400, 409, 422])("%i is internal: the adapter sent something the platform rejects", (status) => {
    const e = mapPlatformStatus(status, { code: status, message: "bad limit" }, "x");
    expect(e).toBeInstanceOf(AppError);
    expect(e.code).toBe("internal");
    expect(e.message).toContain("bad limit");
  });

  it("network failures and timeouts are transient", () => {
    expect(mapTransportFailure(new Error("ECONNREFUSED"), false).message).toMatch(/could not be reached/);
    expect(mapTransportFailure(new Error("aborted"), true).message).toMatch(/did not answer in time/);
    expect(mapTransportFailure(new Error("x"), true).code).toBe("upstream-unavailable");
  });
});
