import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { ExportRequest, ExportStatementHeader, StatementSnapshot } from "./export.ports";
import { EXPORT_BATCH, EXPORT_BUSY_RETRY_SECONDS, makeExportStatement } from "./export-statement";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const PLATFORM = "0193a1b2-0000-7000-8000-0000000000ff";
const STATEMENT = "0193a1b2-0000-7000-8000-0000000000c1";
type Role = "admin" | "provider" | "developer";
const ctx = (
  organisationId = ORG,
  roles: Role[] = ["provider"],
  signal = new AbortController().signal,
): CallContext => ({
  principal: { subject: "u-1", organisationId: organisationId.toUpperCase(), roles, via: "jwt" },
  requestId: "req-1",
  signal,
  logger: testLogger(),
});
const header = { id: STATEMENT, organisationId: ORG } as ExportStatementHeader;
const totals = { lineCount: 1, grossSales: 10n, refunds: 0n, platformFees: 1n, net: 9n };

function harness(options: { busy?: boolean; header?: ExportStatementHeader | undefined } = {}) {
  const calls = {
    opened: [] as ExportRequest[],
    closed: 0,
    batchSizes: [] as number[],
    signals: [] as unknown[],
  };
  const snapshot: StatementSnapshot = {
    header: "header" in options ? options.header : header,
    totals: async () => totals,
    async *lines(batchSize) {
      calls.batchSizes.push(batchSize);
      yield [];
    },
    async *csv() {
      yield Buffer.from("a\n");
    },
    close: async () => {
      calls.closed += 1;
    },
  };
  const exportStatement = makeExportStatement({
    source: {
      open: async (request, signal) => {
        calls.opened.push(request);
        calls.signals.push(signal);
        return options.busy ? "busy" : snapshot;
      },
    },
    renderers: {
      async *csv(h, copied) {
        expect(h).toBe(header);
        yield Buffer.from("head\n");
        for await (const chunk of copied) yield chunk;
      },
      async *pdf(h, t, batches) {
        expect([h, t]).toEqual([header, totals]);
        yield Buffer.from("%PDF");
        for await (const _batch of batches);
        yield Buffer.from("%%EOF");
      },
    },
    operatorOrganisationId: PLATFORM,
    maxConcurrent: 2,
  });
  const collect = async (raw: { statementId: string; format: string }, c: CallContext) => {
    const chunks: string[] = [];
    for await (const { data } of exportStatement(raw, c)) chunks.push(data.toString());
    return chunks;
  };
  return { collect, calls };
}

describe("exporting a statement", () => {
  it("as CSV: the renderer's chunks over PostgreSQL's, from the caller's organisation's snapshot, then closed", async () => {
    const h = harness();
    const signal = new AbortController().signal;
    expect(
      await h.collect(
        { statementId: STATEMENT.toUpperCase(), format: "csv" },
        ctx(ORG, ["provider"], signal),
      ),
    ).toEqual(["head\n", "a\n"]);
    expect(h.calls.opened).toEqual([
      { statementId: STATEMENT, organisationId: ORG, exporter: ORG, maxConcurrent: 2 },
    ]);
    expect(h.calls.signals).toEqual([signal]);
    expect(h.calls.closed).toBe(1);
  });

  it("as PDF: with the totals and the lines in batches of 8,192", async () => {
    const h = harness();
    expect(await h.collect({ statementId: STATEMENT, format: "pdf" }, ctx())).toEqual(["%PDF", "%%EOF"]);
    expect(EXPORT_BATCH).toBe(8192);
    expect(h.calls.batchSizes).toEqual([8192]);
  });

  it("the operator exports any organisation's statement; its own exports count for its organisation", async () => {
    const h = harness();
    await h.collect({ statementId: STATEMENT, format: "csv" }, ctx(PLATFORM, ["admin"]));
    await h.collect({ statementId: STATEMENT, format: "csv" }, ctx(ORG, ["admin"]));
    expect(h.calls.opened.map((r) => [r.organisationId, r.exporter])).toEqual([
      [undefined, PLATFORM],
      [ORG, ORG],
    ]);
  });

  it("another organisation's statement (no header) is not found, and the snapshot is closed", async () => {
    const h = harness({ header: undefined });
    await expect(h.collect({ statementId: STATEMENT, format: "csv" }, ctx())).rejects.toMatchObject({
      code: "not-found",
    });
    expect(h.calls.closed).toBe(1);
  });

  it("beyond the organisation's concurrent exports: rate-limited with Retry-After, nothing held", async () => {
    const h = harness({ busy: true });
    await expect(h.collect({ statementId: STATEMENT, format: "csv" }, ctx())).rejects.toMatchObject({
      code: "rate-limited",
      retryAfterSeconds: 10,
    });
    await expect(h.collect({ statementId: STATEMENT, format: "csv" }, ctx())).rejects.toThrow(
      "Your organisation already runs 2 statement exports; retry when one has finished.",
    );
    expect(EXPORT_BUSY_RETRY_SECONDS).toBe(10);
    expect(h.calls.closed).toBe(0);
  });

  it("refuses an unknown format, and answers a malformed id as not found, before opening anything", async () => {
    const h = harness();
    await expect(h.collect({ statementId: STATEMENT, format: "xlsx" }, ctx())).rejects.toMatchObject({
      extensions: { errors: { format: ["must be csv or pdf"] } },
    });
    await expect(h.collect({ statementId: "s-1", format: "csv" }, ctx())).rejects.toMatchObject({
      code: "not-found",
    });
    expect(h.calls.opened).toEqual([]);
  });

  it("stops at the next chunk once the call is cancelled, closing the snapshot", async () => {
    const h = harness();
    const abort = new AbortController();
    const chunks: string[] = [];
    const c = ctx(ORG, ["provider"], abort.signal);
    const exportStatement = makeExportStatement({
      source: { open: async () => ({ ...snapshotOf(h), header }) },
      renderers: {
        async *csv() {
          yield Buffer.from("1");
          abort.abort();
          yield Buffer.from("2");
        },
        pdf: () => {
          throw new Error("not used");
        },
      },
      operatorOrganisationId: PLATFORM,
      maxConcurrent: 2,
    });
    for await (const { data } of exportStatement({ statementId: STATEMENT, format: "csv" }, c))
      chunks.push(data.toString());
    expect(chunks).toEqual(["1"]);
    expect(h.calls.closed).toBe(1);
  });
});

function snapshotOf(h: ReturnType<typeof harness>): StatementSnapshot {
  return {
    header,
    totals: async () => totals,
    async *lines() {},
    async *csv() {},
    close: async () => {
      h.calls.closed += 1;
    },
  };
}
