import type { Paged, PageQuery, Queryable } from "@mp/db";
import type { MovementKind, Placement } from "../domain/movement";
import type {
  ClosedStatement,
  Statement,
  StatementKey,
  StatementLine,
  StatementRole,
  StatementStatus,
} from "../domain/statement";

export type StatementOrder = "createdAt" | "periodStartUtc";

export interface StatementFilter {
  organisationId?: string;
  role?: StatementRole;
  status?: StatementStatus;
  currency?: string;
  livemode?: boolean;
  batchId?: string;
  periodStartFrom?: Date;
  periodEndTo?: Date;
}

/**
 * Statements one transaction found open in their own month, by key and month: one transaction's only,
 * never shared. While the transaction holds the placement lock (it does from the first placement to its
 * commit) no period can close, so such a statement stays open and is again the answer for its key and month.
 */
export type PlacementMemo = Map<string, string>;

export interface StatementRepository {
  /**
   * The statement an entry of `kind` that occurred at `occurredAt` lands in, created when needed: the
   * open statement of its month, or, when that month is closed (its statement finalized or paid, or a
   * batch covers it), the earliest later open statement of the same key, else the statement of the
   * current month (or the first open month after), as an `adjustment`. Run in the entry's transaction.
   */
  place(
    tx: Queryable,
    key: StatementKey,
    occurredAt: Date,
    kind: MovementKind,
    context: { now: Date; newId: () => string },
  ): Promise<Placement>;
  /**
   * `place` for a movement's developer and provider entries at once: what two `place` calls, developer
   * first, would answer. In the usual case (the month is open, both statements open) one statement
   * finds or creates both; otherwise each key not settled that way goes through `place`. `lockHeld`: an
   * earlier statement of this transaction took the placement lock of `livemode` (`sharePlacementLockSql`).
   * `memo`: the statements this transaction already found open in their own month, kept for its later
   * placements and answered from without a query (see {@link PlacementMemo}).
   */
  placeBoth(
    tx: Queryable,
    keys: { developer: StatementKey; provider: StatementKey },
    occurredAt: Date,
    kind: MovementKind,
    context: { now: Date; newId: () => string },
    options: { lockHeld: boolean; memo?: PlacementMemo },
  ): Promise<{ developer: Placement; provider: Placement }>;
  list(db: Queryable, filter: StatementFilter, page: PageQuery<StatementOrder>): Promise<Paged<Statement>>;
  /** The statement `id`; with `organisationId`, only when it is that organisation's (filtered in SQL). */
  get(db: Queryable, id: string, organisationId?: string): Promise<Statement | undefined>;
  /** The first `limit` lines, by occurredAt then entry id. */
  lines(db: Queryable, id: string, limit: number): Promise<StatementLine[]>;
  /**
   * Finalizes every open statement of `livemode` whose month lies in [start, end) into one batch; the same
   * period again returns the batch made the first time. Run in a transaction.
   */
  closePeriod(
    tx: Queryable,
    period: { start: Date; end: Date; livemode: boolean; by: string; batchId: string },
  ): Promise<{ batchId: string; statementCount: number; created: boolean; finalized: ClosedStatement[] }>;
  /**
   * finalized -> paid; the status found (undefined: no such statement) and, when this call paid it, the
   * statement as paid.
   */
  markPaid(
    tx: Queryable,
    id: string,
  ): Promise<{ status: StatementStatus; paid?: ClosedStatement } | undefined>;
}
