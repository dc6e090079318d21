import { describe, expect, it } from "vitest";
import { releaseObjectKey } from "./copy-job";

/**
 * The guid check is anchored at the start too, found undefended by the mutation pass: a climbing prefix
 * in front of a real guid must be refused like any other non-guid.
 */
describe("releaseObjectKey guard", () => {
  const org = "0193a5d0-de00-7000-8000-000000000001";
  const itemRelease = "0193a5d0-1700-7000-8000-0000000000a1";

  it("refuses a path that ends in a guid but climbs before it", () => {
    expect(() => releaseObjectKey(org, `../../orgs/x/${itemRelease}`)).toThrow(/guids only/);
    expect(() => releaseObjectKey(`../${org}`, itemRelease)).toThrow(/guids only/);
  });
});
