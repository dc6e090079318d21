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

/**
 * One statement line as the CSV export reads it, in four pieces of text as PostgreSQL sends them (every
 * field a separate string made a million-line export spend most of its time decoding them):
 * - `fixed`: `occurredAt,kind,purchaseId,marketplaceItemId` joined with commas. An instant, a line kind
 *   and two uuids never hold a delimiter, a quote or a line break, so they are written as they come;
 * - `displayName` and `deviceId`: text, checked (and quoted if need be) by the renderer;
 * - `amounts`: `gross,platformFee,share`, integers in minor units joined with commas.
 */
export type ExportRow = [fixed: string, displayName: string, deviceId: string, amounts: string];

/** A read-only snapshot of one statement, open for the length of one export. */
export interface StatementSnapshot {
  header: ExportStatementHeader | undefined;
  totals(): Promise<ExportTotals>;
  /** Every line in order (occurredAt, entry id), fetched from one cursor in batches of `batchSize`. */
  lines(batchSize: number): AsyncGenerator<ExportLine[]>;
  /** The same lines as `lines`, as rows (see `ExportRow`); the next batch is fetched while one is used. */
  rows(batchSize: number): AsyncGenerator<ExportRow[]>;
  close(): Promise<void>;
}

export interface StatementExportSource {
  /** Opens a consistent snapshot (one repeatable-read transaction) and reads the statement's header. */
  open(statementId: string, signal?: AbortSignal): Promise<StatementSnapshot>;
}
