import { z } from "zod";
import {
  CurrencyCode,
  guid,
  guidInput,
  paged,
  pageQuery,
  queryBool,
  timestamp,
  utcQuery,
} from "../common.schemas";

const StatementRole = z
  .enum(["developer", "provider"])
  .describe("Whose earnings the statement holds: the developer's base prices or the provider's shares.");
const StatementStatus = z
  .enum(["open", "finalized", "paid"])
  .describe("`open` while its month runs; `finalized` once the period is closed; `paid` once marked paid.");

export const Statement = z
  .object({
    id: guid,
    batchId: guid.nullable(),
    organisationId: guid,
    role: StatementRole,
    currency: CurrencyCode,
    periodStartUtc: timestamp,
    periodEndUtc: timestamp,
    status: StatementStatus,
    livemode: z.boolean(),
    totals: z
      .object({ grossSales: z.int(), refunds: z.int(), platformFees: z.int(), net: z.int() })
      .describe("Sums of the lines, in the statement's currency's minor unit."),
    lineCount: z.int().min(0),
    createdAt: timestamp,
    finalizedAt: timestamp.nullable(),
    paidAt: timestamp.nullable(),
  })
  .meta({
    id: "Statement",
    description:
      "One per organisation, role, currency, livemode and calendar month (UTC); never changes once finalized.",
  });

export const StatementLine = z
  .object({
    occurredAt: timestamp,
    kind: z.enum(["sale", "refund", "dispute", "adjustment"]).describe("What the ledger entry records."),
    purchaseId: guid,
    marketplaceItemId: guid,
    displayName: z.string(),
    deviceId: z.string(),
    gross: z.int(),
    platformFee: z.int(),
    share: z.int(),
  })
  .describe("One ledger entry of the statement.");

export const StatementWithLines = Statement.extend({
  lines: z.array(StatementLine).describe("The first 1000 lines; the CSV export has all."),
}).meta({ id: "StatementWithLines", description: "A statement with its lines, oldest first." });

export const StatementPage = paged(Statement);

export const StatementsQuery = z.object({
  periodStartUtc: utcQuery("Statements whose period starts at or after this instant.").optional(),
  periodEndUtc: utcQuery("Statements whose period ends at or before this instant.").optional(),
  currency: CurrencyCode.optional(),
  role: z.enum(["developer", "provider", "any"]).describe("Statement role filter."),
  status: z.enum(["open", "finalized", "paid", "any"]).describe("Statement status filter."),
  organisationId: guidInput(
    "Another organisation's statements: the platform operator only (403 otherwise).",
  ).optional(),
  batchId: guidInput("Statements of one batch.").optional(),
  livemode: queryBool("Live (`true`) or test (`false`) statements; both when omitted.").optional(),
  ...pageQuery(["createdAt", "periodStartUtc"]),
});

export const StatementParams = z.object({ statementId: guidInput("Statement id (guid, any case).") });

/** Exports document no 400 (specification 4.2): an id that is not a guid names no statement, a 404. */
export const ExportParams = z.object({
  statementId: guidInput("Statement id (guid, any case)."),
});

export const PaidParams = z.object({ id: guidInput("Statement id (guid, any case).") });

const utcInstant = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());

export const BatchBody = z.strictObject({
  periodStartUtc: utcInstant.describe("Start of the period to close (inclusive)."),
  periodEndUtc: utcInstant.describe("End of the period to close (exclusive)."),
  livemode: z.boolean(),
});

export const Batch = z
  .object({ batchId: guid, statementCount: z.int().min(0) })
  .meta({ id: "StatementBatch", description: "Running the same close twice returns the same batch." });
