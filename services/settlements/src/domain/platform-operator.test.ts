import { describe, expect, it } from "vitest";
import { isPlatformOperator } from "./platform-operator";

const PLATFORM = "0193a1b2-0000-7000-8000-0000000000ff";

describe("the platform operator", () => {
  it("is an admin of the platform's organisation, the ids compared in any case", () => {
    expect(isPlatformOperator({ organisationId: PLATFORM.toUpperCase(), roles: ["admin"] }, PLATFORM)).toBe(
      true,
    );
    expect(
      isPlatformOperator({ organisationId: PLATFORM, roles: ["provider", "admin"] }, PLATFORM.toUpperCase()),
    ).toBe(true);
  });

  it("is not another organisation's admin, nor the platform's non-admins, nor anyone when none is configured", () => {
    expect(
      isPlatformOperator(
        { organisationId: "0193a1b2-0000-7000-8000-00000000000a", roles: ["admin"] },
        PLATFORM,
      ),
    ).toBe(false);
    expect(isPlatformOperator({ organisationId: PLATFORM, roles: ["provider", "developer"] }, PLATFORM)).toBe(
      false,
    );
    expect(isPlatformOperator({ organisationId: PLATFORM, roles: ["admin"] }, undefined)).toBe(false);
  });
});
