import type { Pool } from "@mp/db";
import type { ServiceRegistration } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import {
  makeGetEarningsSummary,
  makeGetEarningsTimeseries,
  makeListAppEarnings,
} from "../application/earnings-queries";
import { makeExportStatement } from "../application/export-statement";
import { makeListPlatformFees } from "../application/platform-fees";
import { makeEarningsRepository } from "../infra/earnings.repository";
import { renderStatementCsv } from "../infra/export-csv";
import { makeStatementExportSource } from "../infra/export-lines.repository";
import { renderStatementPdf } from "../infra/export-pdf";
import { EARNINGS_SERVICE, earningsGrpc } from "./earnings.grpc";

/**
 * The readers of the ledger (earnings, platform fees, statement exports), wired and registered. Exports
 * read through `exportPool`, their own.
 */
export function earningsRegistration(
  pools: { pool: Pool; exportPool: Pool },
  options: {
    defaultLivemode: boolean;
    operatorOrganisationId: string | undefined;
    exportsPerOrganisation: number;
  },
  logger: Logger,
): Record<string, ServiceRegistration> {
  const earnings = makeEarningsRepository(pools.pool);
  const { operatorOrganisationId } = options;
  const modes = { earnings, defaultLivemode: options.defaultLivemode, operatorOrganisationId };
  return {
    [EARNINGS_SERVICE]: earningsGrpc(
      {
        summary: makeGetEarningsSummary(modes),
        timeseries: makeGetEarningsTimeseries(modes),
        apps: makeListAppEarnings(modes),
        platformFees: makeListPlatformFees(modes),
        exportStatement: makeExportStatement({
          source: makeStatementExportSource(pools.exportPool),
          renderers: { csv: renderStatementCsv, pdf: renderStatementPdf },
          operatorOrganisationId,
          maxConcurrent: options.exportsPerOrganisation,
        }),
      },
      logger,
    ),
  };
}
