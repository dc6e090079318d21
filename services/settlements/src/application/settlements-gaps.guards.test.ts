import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { EarningsRepository } from "./earnings.ports";
import { makeListAppEarnings } from "./earnings-queries";
import { parseWindow, splitWindow } from "./earnings-window";
import { makeListPlatformFees } from "./platform-fees";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const PLATFORM = "0193a1b2-0000-7000-8000-0000000000ff";
const ctx = (roles: Array<"admin" | "provider">, organisationId = ORG): CallContext => ({
  principal: { subject: "u-1", organisationId, roles, via: "jwt" },
  requestId: "req-1",
  signal: new AbortController().signal,
  logger: testLogger(),
});
const page = { page: 0, pageSize: 0, orderBy: "", direction: "" };
const window = { startUtc: "2026-10-01T00:00:00Z", endUtc: "2026-11-01T00:00:00Z" };
const split = splitWindow({ start: new Date(window.startUtc), end: new Date(window.endUtc) });

describe("windows reach the repository", () => {
  it("earnings per app and platform fees read both ends of the window given", async () => {
    const seen: unknown[] = [];
    const earnings = {
      apps: async (_o: string, _l: boolean, s: unknown) => {
        seen.push(s);
        return { items: [], totalCount: 0 };
      },
      platform: async (_l: boolean, _f: unknown, s: unknown) => {
        seen.push(s);
        return { items: [], totalCount: 0 };
      },
    } as unknown as EarningsRepository;
    await makeListAppEarnings({ earnings, defaultLivemode: false })({ ...page, window }, ctx(["provider"]));
    await makeListPlatformFees({ earnings, defaultLivemode: false, operatorOrganisationId: PLATFORM })(
      { ...page, window, marketplaceInstanceId: "", currency: "" },
      ctx(["admin"], PLATFORM),
    );
    expect(seen).toEqual([split, split]);
  });
});

describe("window bounds", () => {
  it("an empty window (end at its start) is refused, and an unreadable end is named", () => {
    expect(() => parseWindow({ startUtc: window.startUtc, endUtc: window.startUtc })).toThrow(
      expect.objectContaining({ errors: { "query.endUtc": ["must be after startUtc"] } }),
    );
    expect(() => parseWindow({ startUtc: "", endUtc: "later" })).toThrow(
      expect.objectContaining({ errors: { "query.endUtc": ["must be an ISO 8601 date-time"] } }),
    );
  });

  it("ranges not read are empty pairs of dates or instants, never missing", () => {
    const inHour = splitWindow({
      start: new Date("2026-10-20T12:10:00Z"),
      end: new Date("2026-10-20T12:50:00Z"),
    });
    expect(inHour.days).toEqual(["1970-01-01", "1970-01-01"]);
    expect(inHour.hours).toEqual([
      ["1970-01-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z"],
      ["1970-01-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z"],
    ]);
  });
});
