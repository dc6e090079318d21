import { describe, expect, it } from "vitest";
import type { StatementsClient } from "../../clients";
import { fakeCatalogue, fakeClients, fakeUpstream, ORG_A, useTestApp } from "../../testing/test-kit";

const ID = "0193a1b2-0000-7000-8000-00000000005a";
const statement = {
  id: ID,
  batchId: "",
  organisationId: ORG_A,
  role: "provider",
  currency: "EUR",
  periodStartUtc: "2026-01-01T00:00:00.000Z",
  periodEndUtc: "2026-02-01T00:00:00.000Z",
  status: "open",
  livemode: false,
  totals: { grossSales: "1999", refunds: "1000", platformFees: "100", net: "399" },
  lineCount: 2,
  createdAt: "2026-01-15T10:00:00.000Z",
  finalizedAt: "",
  paidAt: "",
};
const line = {
  occurredAt: "2026-01-20T10:00:00.000Z",
  kind: "refund",
  purchaseId: "0193a1b2-0000-7000-8000-0000000000c1",
  marketplaceItemId: "0193a1b2-0000-7000-8000-0000000000a1",
  displayName: "Tracker",
  deviceId: "0123456789abcdef",
  gross: "-1000",
  platformFee: "-100",
  share: "-400",
};

const statements = fakeUpstream<StatementsClient>((method) => {
  if (method === "listStatements")
    return { items: [statement], page: 1, pageSize: 20, totalCount: 1, totalPages: 1 };
  if (method === "getStatement") return { statement, lines: [line] };
  if (method === "closeStatementPeriod")
    return { batchId: "0193a1b2-0000-7000-8000-0000000000b0", statementCount: 3 };
  return {
    ...statement,
    status: "paid",
    batchId: "0193a1b2-0000-7000-8000-0000000000b0",
    paidAt: "2026-02-03T00:00:00Z",
  };
});

const call = async (
  method: "GET" | "POST",
  url: string,
  roles: ("admin" | "provider")[],
  payload?: unknown,
) =>
  gateway.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await gateway.keys.token(roles)}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const gateway = useTestApp({
  clients: fakeClients(fakeCatalogue(() => ({})).client, {}, { statements: statements.client }),
});

const asDto = {
  ...statement,
  batchId: null,
  totals: { grossSales: 1999, refunds: 1000, platformFees: 100, net: 399 },
  finalizedAt: null,
  paidAt: null,
};

describe("statement routes", () => {
  it("lists statements: amounts as integers, empty ids as null, filters passed on", async () => {
    const response = await call(
      "GET",
      "/marketplace/earnings/statements?role=any&status=open&livemode=false",
      ["provider"],
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items).toEqual([asDto]);
    const { request, ctx } = statements.calls.at(-1)!;
    expect(request).toMatchObject({
      role: "any",
      status: "open",
      livemode: false,
      organisationId: "",
      page: 1,
    });
    expect(ctx).toMatchObject({ principal: { organisationId: ORG_A } });
  });

  it("requires role and status, and refuses unknown values", async () => {
    expect((await call("GET", "/marketplace/earnings/statements?status=any", ["provider"])).statusCode).toBe(
      400,
    );
    expect(
      (await call("GET", "/marketplace/earnings/statements?role=x&status=any", ["provider"])).statusCode,
    ).toBe(400);
  });

  it("reads one statement with its lines", async () => {
    const response = await call("GET", `/marketplace/earnings/statements/${ID}`, ["provider"]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...asDto,
      lines: [{ ...line, gross: -1000, platformFee: -100, share: -400 }],
    });
  });

  it("closes a period and marks paid as admin only", async () => {
    const body = {
      periodStartUtc: "2026-01-01T00:00:00Z",
      periodEndUtc: "2026-02-01T00:00:00Z",
      livemode: false,
    };
    expect(
      (await call("POST", "/marketplace/earnings/statements/batches", ["provider"], body)).statusCode,
    ).toBe(403);
    const closed = await call("POST", "/marketplace/earnings/statements/batches", ["admin"], body);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ batchId: "0193a1b2-0000-7000-8000-0000000000b0", statementCount: 3 });
    expect(statements.calls.at(-1)?.request).toEqual({
      periodStartUtc: "2026-01-01T00:00:00.000Z",
      periodEndUtc: "2026-02-01T00:00:00.000Z",
      livemode: false,
    });
    const paid = await call("POST", `/marketplace/earnings/statements/${ID}/paid`, ["admin"]);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: "paid", paidAt: "2026-02-03T00:00:00.000Z" });
    expect(statements.calls.at(-1)?.request).toEqual({ statementId: ID });
  });
});
