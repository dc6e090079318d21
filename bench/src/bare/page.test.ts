import { describe, expect, it } from "vitest";
import { toPage } from "./page";

describe("the bare page", () => {
  it("shapes rows as the contract's page, with the total from the statement's count", () => {
    const row = {
      id: "0193a1b2-0000-7000-8000-000000000001",
      name: "Dock",
      owner_organisation_id: "0193a1b2-0000-7000-8000-0000000000a1",
      default_currency: "EUR",
      platform_fee_bps: 500,
      created_at: new Date("2026-11-30T12:00:00.000Z"),
      total: "41",
    };
    expect(toPage([row], 3, 20)).toEqual({
      items: [
        {
          id: row.id,
          name: "Dock",
          ownerOrganisationId: row.owner_organisation_id,
          defaultCurrency: "EUR",
          platformFeeBps: 500,
          createdAt: "2026-11-30T12:00:00.000Z",
        },
      ],
      page: 3,
      pageSize: 20,
      totalCount: 41,
      totalPages: 3,
    });
  });

  it("reads no total from an empty page", () => {
    expect(toPage([], 1, 20)).toEqual({ items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 });
  });
});
