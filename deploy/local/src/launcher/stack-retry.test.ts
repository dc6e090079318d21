import { describe, expect, it } from "vitest";
import { isPortTakenFailure } from "./stack";

describe("isPortTakenFailure", () => {
  it("recognises a child that died on a taken port, as the readiness wait reports it", () => {
    const crash = new Error(
      'assets exited unexpectedly (code 1)\n  --- last 1 lines of assets ---\n  {"err":{"message":"listen EADDRINUSE: address already in use 127.0.0.1:31885"}}',
    );
    expect(isPortTakenFailure(crash)).toBe(true);
  });

  it("leaves every other start-up failure alone", () => {
    expect(
      isPortTakenFailure(new Error("catalogue exited unexpectedly (code 1)\n  relation does not exist")),
    ).toBe(false);
    expect(isPortTakenFailure("EADDRINUSE")).toBe(false);
  });
});
