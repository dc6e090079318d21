import type { ExportStatementHeader } from "../application/export.ports";

/** A provider's open October statement in EUR, for the export renderers' and framing's unit tests. */
export const exportHeaderFixture: ExportStatementHeader = {
  id: "0193a1b2-0000-7000-8000-0000000000e1",
  organisationId: "0193a1b2-0000-7000-8000-00000000000a",
  role: "provider",
  currency: "EUR",
  livemode: false,
  periodStart: new Date("2026-10-01T00:00:00Z"),
  periodEnd: new Date("2026-11-01T00:00:00Z"),
  status: "open",
};
