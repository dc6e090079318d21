import type { EarningsProto } from "@mp/contracts";
import type { EarningsServiceHandlers } from "@mp/contracts/generated/marketplace/settlements/v1/EarningsService";
import { loadProto, type ServiceRegistration, serverStreamHandlers, unaryHandlers } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type {
  makeGetEarningsSummary,
  makeGetEarningsTimeseries,
  makeListAppEarnings,
} from "../application/earnings-queries";
import type { makeExportStatement } from "../application/export-statement";
import type { makeListPlatformFees } from "../application/platform-fees";
import { withExportChunkSerializer } from "./export-chunk.serializer";

export const EARNINGS_SERVICE = "marketplace.settlements.v1.EarningsService";

export interface EarningsUseCases {
  summary: ReturnType<typeof makeGetEarningsSummary>;
  timeseries: ReturnType<typeof makeGetEarningsTimeseries>;
  apps: ReturnType<typeof makeListAppEarnings>;
  platformFees: ReturnType<typeof makeListPlatformFees>;
  exportStatement: ReturnType<typeof makeExportStatement>;
}

type Unary = Pick<
  EarningsServiceHandlers,
  "GetEarningsSummary" | "GetEarningsTimeseries" | "ListAppEarnings" | "ListPlatformFees"
>;
type Streaming = Pick<EarningsServiceHandlers, "ExportStatement">;

/** Earnings (provider), platform fees (admin) and statement exports (own organisation or admin). */
export function earningsGrpc(u: EarningsUseCases, logger: Logger): ServiceRegistration {
  const proto = loadProto<EarningsProto>("marketplace/settlements/v1/earnings.proto").marketplace.settlements
    .v1;
  const unary = unaryHandlers<Unary>(
    "settlements",
    {
      GetEarningsSummary: async (request, ctx) => {
        const { start, end, totals } = await u.summary(request.window, ctx);
        return {
          startUtc: start?.toISOString() ?? "",
          endUtc: end?.toISOString() ?? "",
          totals,
        };
      },
      GetEarningsTimeseries: async (request, ctx) => {
        const { interval, points } = await u.timeseries(request, ctx);
        return {
          interval,
          points: points.map((p) => ({ ...p, periodStart: p.periodStart.toISOString() })),
        };
      },
      ListAppEarnings: (request, ctx) => u.apps(request, ctx),
      ListPlatformFees: (request, ctx) => u.platformFees(request, ctx),
    },
    logger,
  );
  const streaming = serverStreamHandlers<Streaming>(
    "settlements",
    { ExportStatement: (request, ctx) => u.exportStatement(request, ctx) },
    logger,
  );
  // The CSV's pooled chunks are framed without a copy of their own (see `exportChunkSerializer`).
  const definition = withExportChunkSerializer(proto.EarningsService.service, "ExportStatement");
  return { definition, implementation: { ...unary, ...streaming } };
}
