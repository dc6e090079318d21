import { GATEWAY_SIGNER } from "@mp/auth";
import { AppError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { PaymentEventRepository, SignatureVerifier } from "./ports";
import { makeReceivePaymentEvent, makeReceivePaymentEvents } from "./receive-payment-event";

const verifier: SignatureVerifier = {
  verify(payload, header) {
    if (header !== "good") throw new AppError("invalid-signature", "does not verify");
    return JSON.parse(payload.toString("utf8"));
  },
};
const ctx = (service: string): CallContext => ({
  principal: undefined,
  service: { service },
  requestId: "req-1",
  signal: new AbortController().signal,
  logger: testLogger("settlements"),
});
const note = (id: string) => ({
  payload: Buffer.from(JSON.stringify({ id, type: "charge.refunded" })),
  signature: "good",
});

describe("receiving payment notifications, the details", () => {
  it("a repeated notification is answered as not stored", async () => {
    const events = { insert: async () => false } as unknown as PaymentEventRepository;
    expect(await makeReceivePaymentEvent({ verifier, events })(note("evt_1"), ctx(GATEWAY_SIGNER))).toEqual({
      eventId: "evt_1",
      stored: false,
    });
  });

  it("serves only the gateway, one by one too", async () => {
    const inserted: unknown[] = [];
    const events = { insert: async (e: unknown) => inserted.push(e) } as unknown as PaymentEventRepository;
    await expect(
      makeReceivePaymentEvent({ verifier, events })(note("evt_1"), ctx("purchases")),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(inserted).toEqual([]);
  });

  it("a verified event insertAll gives no answer for is refused, not taken as stored", async () => {
    const events = { insertAll: async () => [{ stored: true }] } as unknown as PaymentEventRepository;
    const results = await makeReceivePaymentEvents({ verifier, events })(
      { events: [note("evt_1"), note("evt_2")] },
      ctx(GATEWAY_SIGNER),
    );
    expect(results).toEqual([
      { accepted: true, eventId: "evt_1", stored: true },
      { accepted: false, errorCode: "internal" },
    ]);
  });
});
