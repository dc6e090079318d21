import type { Pool } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { ClosedStatement, Statement, StatementStatus } from "../domain/statement";
import { makeCloseStatementPeriod } from "./close-statement-period";
import { makeMarkStatementPaid } from "./mark-statement-paid";
import { requirePlatformOperator } from "./platform-operator";
import { makeGetStatement, makeListStatements, STATEMENT_LINES_SHOWN } from "./statement-queries";
import type { StatementsDeps } from "./statement-requests";
import type { StatementFilter, StatementRepository } from "./statements.ports";

const PLATFORM = "0193a1b2-0000-7000-8000-0000000000ff";
const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const OTHER = "0193a1b2-0000-7000-8000-00000000000b";
const STATEMENT = "0193a1b2-0000-7000-8000-0000000000c1";
type Role = "admin" | "provider" | "developer";
const ctx = (organisationId: string, roles: Role[]): CallContext => ({
  principal: { subject: "user-1", organisationId: organisationId.toUpperCase(), roles, via: "jwt" },
  requestId: "req-1",
  signal: new AbortController().signal,
  logger: testLogger(),
});
const operator = () => ctx(PLATFORM, ["admin"]);

/** A pool whose transactions only record the statements sent. */
function pool() {
  const sent: string[] = [];
  const client = {
    query: async (sql: string | { text: string }) => {
      sent.push(typeof sql === "string" ? sql : sql.text);
      return { rows: [] };
    },
    on: () => {},
    off: () => {},
    release: () => {},
  };
  return { pool: { connect: async () => client } as unknown as Pool, sent };
}

function deps(repository: Partial<StatementRepository>) {
  const p = pool();
  const d: StatementsDeps = {
    pool: p.pool,
    statements: repository as StatementRepository,
    ids: { next: () => "0193a1b2-0000-7000-8000-0000000000ba" },
    operatorOrganisationId: PLATFORM,
  };
  return { deps: d, sent: p.sent };
}

describe("the platform operator", () => {
  it("is an admin of the platform's organisation, in any case; no one when none is configured", () => {
    expect(requirePlatformOperator(operator(), PLATFORM.toUpperCase())).toMatchObject({ subject: "user-1" });
    expect(() => requirePlatformOperator(ctx(ORG, ["admin"]), PLATFORM)).toThrow(
      expect.objectContaining({ code: "forbidden" }),
    );
    expect(() => requirePlatformOperator(ctx(PLATFORM, ["provider", "developer"]), PLATFORM)).toThrow(
      expect.objectContaining({ code: "forbidden" }),
    );
    expect(() => requirePlatformOperator(operator(), undefined)).toThrow(
      "Only the platform operator (an admin of the platform's organisation) may do this.",
    );
  });
});

describe("listing statements", () => {
  const raw = {
    page: 0,
    pageSize: 0,
    orderBy: "",
    direction: "",
    periodStartUtc: "",
    periodEndUtc: "",
    currency: "",
    role: "any",
    status: "any",
    organisationId: "",
    batchId: "",
  };
  function listing() {
    const filters: StatementFilter[] = [];
    const pages: unknown[] = [];
    const d = deps({
      list: async (_db, filter, page) => {
        filters.push(filter);
        pages.push(page);
        return { items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 };
      },
    });
    return { list: makeListStatements(d.deps), filters, pages };
  }

  it("anyone else sees their own organisation's only, admins of other organisations included", async () => {
    const l = listing();
    await l.list(raw, ctx(ORG, ["provider"]));
    await l.list(raw, ctx(ORG, ["admin"]));
    await l.list({ ...raw, organisationId: ORG.toUpperCase() }, ctx(ORG, ["developer"]));
    expect(l.filters).toStrictEqual([
      { organisationId: ORG },
      { organisationId: ORG },
      { organisationId: ORG },
    ]);
    await expect(l.list({ ...raw, organisationId: OTHER }, ctx(ORG, ["admin"]))).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(l.filters).toHaveLength(3);
  });

  it("the operator sees every organisation's, or the one named", async () => {
    const l = listing();
    await l.list(raw, operator());
    await l.list({ ...raw, organisationId: OTHER.toUpperCase() }, operator());
    expect(l.filters).toStrictEqual([{}, { organisationId: OTHER }]);
  });

  it("with no operator configured, the platform's admins are like anyone else", async () => {
    const filters: StatementFilter[] = [];
    const d = deps({
      list: async (_db, filter) => {
        filters.push(filter);
        return { items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 };
      },
    });
    await makeListStatements({ ...d.deps, operatorOrganisationId: undefined })(raw, operator());
    expect(filters).toEqual([{ organisationId: PLATFORM }]);
  });

  it("takes every filter, and the page (newest first by default)", async () => {
    const l = listing();
    await l.list(
      {
        ...raw,
        periodStartUtc: "2026-10-01T00:00:00Z",
        periodEndUtc: "2026-12-01T00:00:00Z",
        currency: "EUR",
        role: "developer",
        status: "finalized",
        batchId: STATEMENT.toUpperCase(),
        livemode: true,
        orderBy: "periodStartUtc",
      },
      ctx(ORG, ["developer"]),
    );
    await l.list({ ...raw, role: "provider", status: "open", livemode: false }, ctx(ORG, ["provider"]));
    await l.list({ ...raw, status: "paid" }, ctx(ORG, ["provider"]));
    expect(l.filters).toStrictEqual([
      {
        periodStartFrom: new Date("2026-10-01T00:00:00Z"),
        periodEndTo: new Date("2026-12-01T00:00:00Z"),
        currency: "EUR",
        role: "developer",
        status: "finalized",
        batchId: STATEMENT,
        livemode: true,
        organisationId: ORG,
      },
      { role: "provider", status: "open", livemode: false, organisationId: ORG },
      { status: "paid", organisationId: ORG },
    ]);
    expect(l.pages).toEqual([
      { page: 1, pageSize: 20, orderBy: "periodStartUtc", direction: "desc" },
      { page: 1, pageSize: 20, orderBy: "createdAt", direction: "desc" },
      { page: 1, pageSize: 20, orderBy: "createdAt", direction: "desc" },
    ]);
  });

  it("refuses every malformed filter at once, naming each field", async () => {
    const l = listing();
    await expect(
      l.list(
        {
          ...raw,
          periodStartUtc: "soon",
          periodEndUtc: "later",
          currency: "eur",
          role: "admin",
          status: "closed",
          batchId: "b-1",
          organisationId: "org",
        },
        operator(),
      ),
    ).rejects.toMatchObject({
      code: "validation-failed",
      extensions: {
        errors: {
          "query.periodStartUtc": ["must be an ISO 8601 date-time"],
          "query.periodEndUtc": ["must be an ISO 8601 date-time"],
          "query.currency": ["must be an ISO 4217 code"],
          "query.role": ["must be developer, provider or any"],
          "query.status": ["must be open, finalized, paid or any"],
          "query.batchId": ["must be a guid"],
          "query.organisationId": ["must be a guid"],
        },
      },
    });
    for (const currency of ["EURO", "XEUR", "EU"])
      await expect(l.list({ ...raw, currency }, operator())).rejects.toMatchObject({
        extensions: { errors: { "query.currency": ["must be an ISO 4217 code"] } },
      });
    expect(l.filters).toStrictEqual([]);
  });
});

const statement = { id: STATEMENT, status: "paid" } as Statement;

describe("reading a statement", () => {
  function reading() {
    const gets: unknown[][] = [];
    const lines: unknown[][] = [];
    const d = deps({
      get: async (_db, id, organisationId) => {
        gets.push([id, organisationId]);
        return organisationId === OTHER ? undefined : statement;
      },
      lines: async (_db, id, limit) => {
        lines.push([id, limit]);
        return [];
      },
    });
    return { get: makeGetStatement(d.deps), gets, lines };
  }

  it("with its first 1,000 lines, the caller's organisation's only; the operator's any", async () => {
    const r = reading();
    expect(await r.get({ statementId: STATEMENT.toUpperCase() }, ctx(ORG, ["admin"]))).toEqual({
      statement,
      lines: [],
    });
    await r.get({ statementId: STATEMENT }, operator());
    expect(r.gets).toEqual([
      [STATEMENT, ORG],
      [STATEMENT, undefined],
    ]);
    expect(STATEMENT_LINES_SHOWN).toBe(1000);
    expect(r.lines).toEqual([
      [STATEMENT, 1000],
      [STATEMENT, 1000],
    ]);
  });

  it("another organisation's is not found; a malformed id is refused", async () => {
    const r = reading();
    await expect(r.get({ statementId: STATEMENT }, ctx(OTHER, ["admin"]))).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(r.get({ statementId: "s-1" }, operator())).rejects.toMatchObject({
      extensions: { errors: { "path.statementId": ["must be a guid"] } },
    });
    expect(r.lines).toEqual([]);
  });
});

/** A statement as finalized (or paid) by the repository, as the lifecycle events announce it. */
const closedStatement = (id: string, paidAt: Date | null = null): ClosedStatement => ({
  id,
  organisationId: ORG,
  role: "provider",
  currency: "EUR",
  livemode: true,
  batchId: "0193a1b2-0000-7000-8000-0000000000bb",
  periodStart: new Date("2026-10-01T00:00:00Z"),
  periodEnd: new Date("2026-11-01T00:00:00Z"),
  finalizedAt: new Date("2026-11-02T00:00:00Z"),
  paidAt,
});
const outboxWrites = (sent: string[]) => sent.filter((sql) => /outbox/i.test(sql)).length;

describe("marking a statement paid", () => {
  function paying(status: StatementStatus | undefined, found = true) {
    const marked: string[] = [];
    const d = deps({
      // The repository pays a finalized statement (and says so); a paid one is found as it is.
      markPaid: async (_tx, id) => {
        marked.push(id);
        if (!status) return undefined;
        return status === "finalized"
          ? { status: "paid", paid: closedStatement(id, new Date("2026-11-20T00:00:00Z")) }
          : { status };
      },
      get: async () => (found ? statement : undefined),
    });
    return { pay: makeMarkStatementPaid(d.deps), marked, sent: d.sent };
  }

  it("a finalized (or already paid) statement, in a transaction, answered as it now is", async () => {
    for (const status of ["finalized", "paid"] as const) {
      const p = paying(status);
      expect(await p.pay({ statementId: STATEMENT.toUpperCase() }, operator())).toBe(statement);
      expect(p.marked).toEqual([STATEMENT]);
      expect(p.sent[0]).toBe("BEGIN");
      expect(p.sent.at(-1)).toBe("COMMIT");
      // Paying it now is announced (statement.paid) in the same transaction; a repeat announces nothing.
      expect(outboxWrites(p.sent)).toBe(status === "finalized" ? 1 : 0);
    }
  });

  it("an open one is 409 invalid-state; none is 404; only the operator may", async () => {
    await expect(paying("open").pay({ statementId: STATEMENT }, operator())).rejects.toMatchObject({
      code: "invalid-state",
      extensions: { state: "open" },
    });
    await expect(paying(undefined).pay({ statementId: STATEMENT }, operator())).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(paying("paid", false).pay({ statementId: STATEMENT }, operator())).rejects.toMatchObject({
      code: "not-found",
    });
    const foreign = paying("finalized");
    await expect(foreign.pay({ statementId: STATEMENT }, ctx(ORG, ["admin"]))).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(foreign.pay({ statementId: "s" }, operator())).rejects.toMatchObject({
      extensions: { errors: { "path.id": ["must be a guid"] } },
    });
    expect(foreign.marked).toEqual([]);
  });
});

describe("closing a period", () => {
  function closing() {
    const periods: unknown[] = [];
    const d = deps({
      closePeriod: async (_tx, period) => {
        periods.push(period);
        return {
          batchId: "0193a1b2-0000-7000-8000-0000000000bb",
          statementCount: 3,
          created: true,
          finalized: [closedStatement(STATEMENT), closedStatement(OTHER)],
        };
      },
    });
    return { close: makeCloseStatementPeriod(d.deps), periods, sent: d.sent };
  }

  it("finalizes whole UTC months of one mode into a batch, in a transaction, by the operator", async () => {
    const c = closing();
    const result = await c.close(
      { periodStartUtc: "2026-10-01T00:00:00Z", periodEndUtc: "2026-12-01T00:00:00Z", livemode: true },
      operator(),
    );
    expect(result).toEqual({ batchId: "0193a1b2-0000-7000-8000-0000000000bb", statementCount: 3 });
    expect(c.periods).toEqual([
      {
        start: new Date("2026-10-01T00:00:00Z"),
        end: new Date("2026-12-01T00:00:00Z"),
        livemode: true,
        by: "user-1",
        batchId: "0193a1b2-0000-7000-8000-0000000000ba",
      },
    ]);
    expect(c.sent[0]).toBe("BEGIN");
    expect(c.sent.at(-1)).toBe("COMMIT");
    // Each statement this close finalized is announced (statement.closed) in the same transaction.
    expect(outboxWrites(c.sent)).toBe(2);
  });

  it("wants both ends, readable, on month starts, end after start", async () => {
    const c = closing();
    await expect(
      c.close({ periodStartUtc: "", periodEndUtc: "", livemode: false }, operator()),
    ).rejects.toMatchObject({
      extensions: {
        errors: { "body.periodStartUtc": ["is required"], "body.periodEndUtc": ["is required"] },
      },
    });
    await expect(
      c.close({ periodStartUtc: "2026-10-01T00:00:00Z", periodEndUtc: "y", livemode: false }, operator()),
    ).rejects.toMatchObject({
      extensions: { errors: { "body.periodEndUtc": ["must be an ISO 8601 date-time"] } },
    });
    await expect(
      c.close({ periodStartUtc: "x", periodEndUtc: "2026-12-01T00:00:00Z", livemode: false }, operator()),
    ).rejects.toMatchObject({
      extensions: { errors: { "body.periodStartUtc": ["must be an ISO 8601 date-time"] } },
    });
    for (const [start, end] of [
      ["2026-10-02T00:00:00Z", "2026-12-01T00:00:00Z"],
      ["2026-12-01T00:00:00Z", "2026-12-01T00:00:00Z"],
      ["2026-12-01T00:00:00Z", "2026-10-01T00:00:00Z"],
    ])
      await expect(
        c.close(
          { periodStartUtc: start as string, periodEndUtc: end as string, livemode: false },
          operator(),
        ),
      ).rejects.toMatchObject({
        code: "validation-failed",
        extensions: { errors: { body: [expect.any(String)] } },
      });
    await expect(
      c.close(
        { periodStartUtc: "2026-10-01T00:00:00Z", periodEndUtc: "2026-11-01T00:00:00Z", livemode: false },
        ctx(ORG, ["admin"]),
      ),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect(c.periods).toEqual([]);
  });
});
