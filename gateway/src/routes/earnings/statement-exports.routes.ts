import { Readable } from "node:stream";
import { z } from "zod";
import type { EarningsClient } from "../../clients";
import { callUpstream, responses, type ZodApp } from "../route-kit";
import { ExportParams } from "../statements/statements.schemas";

const SCOPE =
  "Callers export only their own organisation's statements (another organisation's is a 404, whatever their roles); the platform operator (`admin` in the platform's organisation) exports any. An organisation runs a few exports at once (settlements' `EXPORTS_PER_ORGANISATION`); one more is 429 `rate-limited` with `Retry-After`.";

/** How long one export may stream: a million-line CSV takes seconds, a slow client longer. */
const EXPORT_DEADLINE_MS = 15 * 60_000;

const FORMATS = [
  ["csv", "text/csv; charset=utf-8", "RFC 4180 CSV: a header row, one row per line, a totals row."],
  [
    "pdf",
    "application/pdf",
    "A statement document: header, totals, the lines over as many pages as needed, page numbers.",
  ],
] as const;

/**
 * Statement exports. Settlements renders the document from a database snapshot in batches and streams it
 * over gRPC; the reply pipes the chunks on as the client reads them (the client's pace holds back the gRPC
 * stream, which holds back the database reads), so memory stays constant whatever the statement's size.
 * A missing or foreign statement fails before the first chunk, so it is answered as a problem, not a
 * truncated file.
 */
export function statementExportRoutes(app: ZodApp, deps: { earnings: EarningsClient }): void {
  for (const [format, mediaType, content] of FORMATS) {
    app.get(
      `/marketplace/earnings/statements/:statementId/export.${format}`,
      {
        config: { access: "authenticated" },
        schema: {
          operationId: `exportStatement${format.toUpperCase()}`,
          tags: ["Statements"],
          summary: `Export a statement as ${format.toUpperCase()}`,
          description: `200 (not the 204 the specification shows: a 204 cannot carry the content) with \`Content-Type: ${mediaType}\` and \`Content-Disposition: attachment; filename="statement-<id>.${format}"\`, streamed in constant memory. ${SCOPE}`,
          params: ExportParams,
          produces: [mediaType],
          response: responses({ 200: z.string().describe(content) }, { notFound: true }),
        },
      },
      async (request, reply) => {
        const statementId = request.params.statementId.toLowerCase();
        const { chunks, first } = await callUpstream(request, async (ctx) => {
          const stream = deps.earnings.stream("exportStatement", { statementId, format }, ctx, {
            deadlineMs: EXPORT_DEADLINE_MS,
          });
          // The first chunk (or the refusal) decides the status before any header is sent.
          return { chunks: stream, first: await stream.next() };
        });
        // Chunks are passed on as they arrive (a Buffer each, about 64 KiB), never copied.
        async function* body(): AsyncGenerator<Buffer> {
          if (first.done) return;
          yield first.value.data;
          for await (const chunk of chunks) yield chunk.data;
        }
        return reply
          .header("content-type", mediaType)
          .header("content-disposition", `attachment; filename="statement-${statementId}.${format}"`)
          .header("cache-control", "no-store")
          .send(Readable.from(body(), { objectMode: false }));
      },
    );
  }
}
