import type { EventEnvelope } from "@mp/bus";
import type { ItemSnapshotV1 } from "@mp/contracts";
import type { Queryable } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { LedgerProjections } from "./ledger.ports";
import { makeRecordLedgerItem } from "./record-projections";
import {
  type CheckoutSessionRequest,
  makeCreateCheckoutSession,
  makeCreateRefund,
  type RefundRequest,
  type StripePaymentsPort,
} from "./stripe-payments";

const ctx = (service: string | undefined): CallContext => ({
  principal: service ? undefined : { subject: "u-1", organisationId: "o", roles: ["admin"], via: "jwt" },
  ...(service ? { service: { service } } : {}),
  requestId: "req-1",
  signal: new AbortController().signal,
  logger: testLogger(),
});

describe("Stripe calls for purchases", () => {
  const stripe = () => {
    const calls: unknown[] = [];
    const port: StripePaymentsPort = {
      createCheckoutSession: async (request) => {
        calls.push(request);
        return { id: "cs_1", url: "u", expiresAt: 1, amountTotal: 1, currency: "EUR", livemode: false };
      },
      createRefund: async (request) => {
        calls.push(request);
        return { id: "re_1", status: "pending", amount: 1, currency: "EUR" };
      },
    };
    return { port, calls };
  };
  const session = { idempotencyKey: "k" } as CheckoutSessionRequest;
  const refund = { idempotencyKey: "r" } as RefundRequest;

  it("serve purchases calling as itself, passing the request through", async () => {
    const s = stripe();
    expect(await makeCreateCheckoutSession(s.port)(session, ctx("purchases"))).toMatchObject({ id: "cs_1" });
    expect(await makeCreateRefund(s.port)(refund, ctx("purchases"))).toMatchObject({ id: "re_1" });
    expect(s.calls).toEqual([session, refund]);
  });

  it("refuse any other service and users, without calling Stripe", async () => {
    const s = stripe();
    for (const caller of [ctx("catalogue"), ctx(undefined)]) {
      expect(() => makeCreateCheckoutSession(s.port)(session, caller)).toThrow(
        expect.objectContaining({ code: "forbidden" }),
      );
      expect(() => makeCreateRefund(s.port)(refund, caller)).toThrow(
        expect.objectContaining({ code: "forbidden" }),
      );
    }
    expect(s.calls).toEqual([]);
  });
});

describe("the ledger's item projection", () => {
  it("keeps the developer organisation, name and base price from the event's time on", async () => {
    const recorded: unknown[][] = [];
    const projections = {
      recordItem: async (...args: unknown[]) => recorded.push(args),
    } as unknown as LedgerProjections;
    const tx = {} as Queryable;
    const data = {
      itemId: "0193a1b2-0000-7000-8000-0000000000a1",
      organisationId: "0193a1b2-0000-7000-8000-00000000000d",
      marketplaceInstanceId: "0193a1b2-0000-7000-8000-0000000000b1",
      displayName: "Thermo",
      basePrice: { amount: 1200, currency: "EUR" },
      occurredAt: "2026-11-28T19:00:00.000Z",
      version: 5,
    } as ItemSnapshotV1;
    await makeRecordLedgerItem({ projections })({ data } as EventEnvelope<ItemSnapshotV1>, tx);
    expect(recorded).toEqual([
      [
        tx,
        {
          id: data.itemId,
          developerOrganisationId: data.organisationId,
          marketplaceInstanceId: data.marketplaceInstanceId,
          displayName: "Thermo",
          version: 5,
          effectiveFrom: new Date("2026-11-28T19:00:00.000Z"),
          basePrice: { amount: 1200, currency: "EUR" },
        },
      ],
    ]);
  });
});
