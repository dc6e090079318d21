import { randomUUID } from "node:crypto";
import type { Pool } from "@mp/db";

/**
 * Test fixture: writes ledger rows directly with SQL (movements, their three entries, statements), as the
 * ledger consumers would, so the readers are tested without them. Every movement is consistent: its gross
 * is the sum of its shares, each share is an entry, and the developer and provider entries land in the
 * statement given for them.
 */
export interface MovementInput {
  kind: "sale" | "refund" | "dispute";
  provider: string;
  developer: string;
  item: string;
  instance: string;
  displayName?: string;
  deviceId?: string;
  purchaseId?: string;
  currency?: string;
  livemode?: boolean;
  /** Signed: positive for a sale, negative for a reversal. */
  gross: number;
  platformFee: number;
  developerShare: number;
  occurredAt: Date;
  providerStatement?: string;
  developerStatement?: string;
  /** The line kind of the statement entries; default the movement's kind. */
  lineKind?: "sale" | "refund" | "dispute" | "adjustment";
}

export async function insertMovement(
  pool: Pool,
  m: MovementInput,
): Promise<{ id: string; purchaseId: string }> {
  const id = randomUUID();
  const purchaseId = m.purchaseId ?? randomUUID();
  const providerShare = m.gross - m.platformFee - m.developerShare;
  await pool.query(
    `INSERT INTO ledger_transactions (id, source_event_id, kind, purchase_id, marketplace_instance_id,
       marketplace_item_id, display_name, device_id, provider_organisation_id, developer_organisation_id,
       currency, livemode, gross, platform_fee, developer_share, provider_share, occurred_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
    [
      id,
      randomUUID(),
      m.kind,
      purchaseId,
      m.instance,
      m.item,
      m.displayName ?? "Weather station",
      m.deviceId ?? "00112233aabbccdd",
      m.provider,
      m.developer,
      m.currency ?? "EUR",
      m.livemode ?? false,
      m.gross,
      m.platformFee,
      m.developerShare,
      providerShare,
      m.occurredAt,
    ],
  );
  const lineKind = m.lineKind ?? m.kind;
  const currency = m.currency ?? "EUR";
  const livemode = m.livemode ?? false;
  const month = new Date(Date.UTC(m.occurredAt.getUTCFullYear(), m.occurredAt.getUTCMonth(), 1));
  const developerStatement =
    m.developerStatement ??
    (await statementFor(pool, {
      organisationId: m.developer,
      role: "developer",
      currency,
      livemode,
      periodStart: month,
    }));
  const providerStatement =
    m.providerStatement ??
    (await statementFor(pool, {
      organisationId: m.provider,
      role: "provider",
      currency,
      livemode,
      periodStart: month,
    }));
  await pool.query(
    `INSERT INTO ledger_entries (id, transaction_id, party, organisation_id, amount, statement_id, line_kind, occurred_at)
     VALUES ($1, $4, 'platform', NULL, $5, NULL, NULL, $10),
            ($2, $4, 'developer', $6, $7, $11, $12, $10),
            ($3, $4, 'provider', $8, $9, $13, $12, $10)`,
    [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      id,
      m.platformFee,
      m.developer,
      m.developerShare,
      m.provider,
      providerShare,
      m.occurredAt,
      developerStatement,
      lineKind,
      providerStatement,
    ],
  );
  return { id, purchaseId };
}

interface StatementInput {
  organisationId: string;
  role: "developer" | "provider";
  currency?: string;
  livemode?: boolean;
  periodStart: Date;
}

/** The open statement of an organisation, role, currency, mode and month, created when missing. */
export async function statementFor(pool: Pool, s: StatementInput): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM statements
      WHERE organisation_id = $1 AND role = $2 AND currency = $3 AND livemode = $4 AND period_start = $5`,
    [s.organisationId, s.role, s.currency ?? "EUR", s.livemode ?? false, s.periodStart],
  );
  return rows[0]?.id ?? insertStatement(pool, s);
}

export async function insertStatement(pool: Pool, s: StatementInput): Promise<string> {
  const id = randomUUID();
  const end = new Date(Date.UTC(s.periodStart.getUTCFullYear(), s.periodStart.getUTCMonth() + 1, 1));
  await pool.query(
    `INSERT INTO statements (id, organisation_id, role, currency, livemode, period_start, period_end)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, s.organisationId, s.role, s.currency ?? "EUR", s.livemode ?? false, s.periodStart, end],
  );
  return id;
}
