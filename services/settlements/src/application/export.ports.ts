/** A statement's header as an export prints it. */
export interface ExportStatementHeader {
  id: string;
  organisationId: string;
  role: "developer" | "provider";
  currency: string;
  livemode: boolean;
  periodStart: Date;
  periodEnd: Date;
  status: "open" | "finalized" | "paid";
}

/** Totals over a statement's lines (contract section 6); amounts in minor units, as decimal strings. */
export interface ExportTotals {
  lineCount: number;
  grossSales: bigint;
  refunds: bigint;
  platformFees: bigint;
  net: bigint;
}

/** One statement line: an entry joined to its movement. Amounts are decimal strings (bigint columns). */
export interface ExportLine {
  id: string;
  /** ISO 8601 UTC, millisecond precision. */
  occurredAt: string;
  kind: string;
  purchaseId: string;
  marketplaceItemId: string;
  displayName: string;
  deviceId: string;
  gross: string;
  platformFee: string;
  share: string;
}

/** A read-only snapshot of one statement, open for the length of one export. */
export interface StatementSnapshot {
  header: ExportStatementHeader | undefined;
  totals(): Promise<ExportTotals>;
  /** Every line in order (occurredAt, entry id), fetched from one cursor in batches of `batchSize`. */
  lines(batchSize: number): AsyncGenerator<ExportLine[]>;
  /**
   * The same lines as `lines`, as CSV bytes written by PostgreSQL (`COPY ... TO STDOUT (FORMAT csv)`): per
   * line `occurredAt,kind,purchaseId,marketplaceItemId,displayName,deviceId,gross,platformFee,share`
   * and an LF, quoted per RFC 4180 (empty text unquoted), the item name already neutralised (see
   * `neutraliseFormula`). Read as the consumer pulls (back-pressure reaches PostgreSQL through the socket);
   * stopping early closes the connection, which stops the statement.
   */
  csv(): AsyncGenerator<Buffer>;
  close(): Promise<void>;
}

/** Which statement an export asks for, for whom, and how many exports its organisation may run at once. */
export interface ExportRequest {
  statementId: string;
  /** Only this organisation's statement is read (the query filters by it); undefined: any organisation's. */
  organisationId: string | undefined;
  /** The organisation running the export: at most `maxConcurrent` of its exports run at once. */
  exporter: string;
  maxConcurrent: number;
}

export interface StatementExportSource {
  /**
   * Opens a consistent snapshot (one repeatable-read transaction) and reads the statement's header
   * (undefined when there is no such statement of `organisationId`). `busy` when the exporter already
   * runs `maxConcurrent` exports; nothing is then held.
   */
  open(request: ExportRequest, signal?: AbortSignal): Promise<StatementSnapshot | "busy">;
}
