import { NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import type { ExportLine, ExportStatementHeader, ExportTotals, StatementExportSource } from "./export.ports";

export const EXPORT_FORMATS = ["csv", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Lines fetched at a time for the PDF; memory holds two batches (one being drawn, the next on its way).
 * Each fetch is a round trip to PostgreSQL. (The CSV is not read in batches: PostgreSQL writes it.)
 */
export const EXPORT_BATCH = 8_192;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ExportRenderers {
  /** `copied`: the lines as `StatementSnapshot.csv` yields them. */
  csv(header: ExportStatementHeader, copied: AsyncIterable<Buffer>): AsyncIterable<Buffer>;
  pdf(
    header: ExportStatementHeader,
    totals: ExportTotals,
    batches: AsyncIterable<ExportLine[]>,
  ): AsyncIterable<Buffer>;
}

/**
 * A statement rendered as CSV or PDF, as a stream of byte chunks read from one consistent snapshot in
 * batches. The caller's own organisation's statements only (`not-found` otherwise, so another
 * organisation's ids are not revealed); admins may export any. Every check happens before the first chunk.
 */
export function makeExportStatement(deps: { source: StatementExportSource; renderers: ExportRenderers }) {
  return async function* exportStatement(
    raw: { statementId: string; format: string },
    ctx: CallContext,
  ): AsyncGenerator<{ data: Buffer }> {
    const caller = requirePrincipal(ctx);
    if (!(EXPORT_FORMATS as readonly string[]).includes(raw.format))
      throw new ValidationError({ format: ["must be csv or pdf"] });
    if (!GUID.test(raw.statementId)) throw new NotFoundError("The statement");
    const snapshot = await deps.source.open(raw.statementId.toLowerCase(), ctx.signal);
    try {
      const header = snapshot.header;
      const admin = caller.roles.includes("admin");
      if (!header || (!admin && header.organisationId !== caller.organisationId.toLowerCase()))
        throw new NotFoundError("The statement");
      const chunks =
        raw.format === "csv"
          ? deps.renderers.csv(header, snapshot.csv())
          : deps.renderers.pdf(header, await snapshot.totals(), snapshot.lines(EXPORT_BATCH));
      for await (const data of chunks) {
        if (ctx.signal.aborted) return;
        yield { data };
      }
    } finally {
      await snapshot.close();
    }
  };
}
