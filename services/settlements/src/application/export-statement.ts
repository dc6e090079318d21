import { AppError, NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { isGuid } from "@mp/ids";
import { isPlatformOperator } from "../domain/platform-operator";
import type { ExportLine, ExportStatementHeader, ExportTotals, StatementExportSource } from "./export.ports";

export const EXPORT_FORMATS = ["csv", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Lines fetched at a time for the PDF; memory holds two batches (one being drawn, the next on its way).
 * Each fetch is a round trip to PostgreSQL. (The CSV is not read in batches: PostgreSQL writes it.)
 */
export const EXPORT_BATCH = 8_192;

/** What a refused export's `Retry-After` says: exports take seconds to minutes. */
export const EXPORT_BUSY_RETRY_SECONDS = 10;

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
 * organisation's ids are not revealed; the query itself filters by organisation); the platform operator
 * may export any. An organisation runs at most `maxConcurrent` exports at once (`rate-limited` beyond,
 * with `Retry-After`). Every check happens before the first chunk.
 */
export function makeExportStatement(deps: {
  source: StatementExportSource;
  renderers: ExportRenderers;
  operatorOrganisationId: string | undefined;
  maxConcurrent: number;
}) {
  return async function* exportStatement(
    raw: { statementId: string; format: string },
    ctx: CallContext,
  ): AsyncGenerator<{ data: Buffer }> {
    const caller = requirePrincipal(ctx);
    if (!(EXPORT_FORMATS as readonly string[]).includes(raw.format))
      throw new ValidationError({ format: ["must be csv or pdf"] });
    if (!isGuid(raw.statementId)) throw new NotFoundError("The statement");
    const own = caller.organisationId.toLowerCase();
    const snapshot = await deps.source.open(
      {
        statementId: raw.statementId.toLowerCase(),
        organisationId: isPlatformOperator(caller, deps.operatorOrganisationId) ? undefined : own,
        exporter: own,
        maxConcurrent: deps.maxConcurrent,
      },
      ctx.signal,
    );
    if (snapshot === "busy")
      throw new AppError(
        "rate-limited",
        `Your organisation already runs ${deps.maxConcurrent} statement exports; retry when one has finished.`,
        { retryAfterSeconds: EXPORT_BUSY_RETRY_SECONDS },
      );
    try {
      const header = snapshot.header;
      if (!header) throw new NotFoundError("The statement");
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
