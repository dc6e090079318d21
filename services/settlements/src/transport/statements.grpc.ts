import type { StatementsProto } from "@mp/contracts";
import type { StatementsServiceHandlers } from "@mp/contracts/generated/marketplace/settlements/v1/StatementsService";
import { loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type { makeCloseStatementPeriod } from "../application/close-statement-period";
import type { makeMarkStatementPaid } from "../application/mark-statement-paid";
import type { makeGetStatement, makeListStatements } from "../application/statement-queries";
import { toLineMessage, toStatementMessage, toStatementPage } from "./statements.mapper";

export const STATEMENTS_SERVICE = "marketplace.settlements.v1.StatementsService";

export interface StatementsUseCases {
  listStatements: ReturnType<typeof makeListStatements>;
  getStatement: ReturnType<typeof makeGetStatement>;
  closeStatementPeriod: ReturnType<typeof makeCloseStatementPeriod>;
  markStatementPaid: ReturnType<typeof makeMarkStatementPaid>;
}

/** Settlement statements: reads scoped to the caller's organisation (admins: all), closing and paying (admin). */
export function statementsGrpc(u: StatementsUseCases, logger: Logger): ServiceRegistration {
  const proto = loadProto<StatementsProto>("marketplace/settlements/v1/statements.proto").marketplace
    .settlements.v1;
  const implementation = unaryHandlers<StatementsServiceHandlers>(
    "settlements",
    {
      ListStatements: async (request, ctx) => toStatementPage(await u.listStatements(request, ctx)),
      GetStatement: async (request, ctx) => {
        const { statement, lines } = await u.getStatement(request, ctx);
        return { statement: toStatementMessage(statement), lines: lines.map(toLineMessage) };
      },
      CloseStatementPeriod: (request, ctx) => u.closeStatementPeriod(request, ctx),
      MarkStatementPaid: async (request, ctx) => toStatementMessage(await u.markStatementPaid(request, ctx)),
    },
    logger,
  );
  return { definition: proto.StatementsService.service, implementation };
}
