import { GATEWAY_SIGNER } from "@mp/auth";
import { AppError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { ReceivedPaymentEvent } from "../domain/payment-event";
import type { PaymentEventRepository, SignatureVerifier } from "./ports";
import { makeReceivePaymentEvent, makeReceivePaymentEvents } from "./receive-payment-event";

const GOOD = "t=1,v1=good";
const verifier: SignatureVerifier = {
  verify(payload, header) {
    if (header !== GOOD) throw new AppError("invalid-signature", "does not verify");
    return JSON.parse(payload.toString("utf8"));
  },
};

function repository(known: string[] = []) {
  const inserted: ReceivedPaymentEvent[] = [];
  const insert = async (event: ReceivedPaymentEvent) => {
    if (event.id === "evt_db") throw new Error("connection terminated");
    inserted.push(event);
    return !known.includes(event.id);
  };
  /** One call per `insertAll`, with the events it was given. */
  const calls: string[][] = [];
  const events = {
    insert,
    insertAll: async (batch: ReceivedPaymentEvent[]) => {
      calls.push(batch.map((e) => e.id));
      return Promise.all(
        batch.map((e) =>
          insert(e).then(
            (stored) => ({ stored }),
            (error: unknown) => ({ error }),
          ),
        ),
      );
    },
  } as unknown as PaymentEventRepository;
  return { events, inserted, calls };
}

const ctx = (service: string): CallContext => ({
  principal: undefined,
  service: { service },
  requestId: "req-1",
  signal: new AbortController().signal,
  logger: testLogger("settlements"),
});
const event = (id: string, signature = GOOD) => ({
  payload: Buffer.from(JSON.stringify({ id, type: "charge.refunded" })),
  signature,
});

describe("receiving a batch of payment notifications", () => {
  it("stores each verified one and refuses each other on its own, in order", async () => {
    const { events, inserted } = repository(["evt_old"]);
    const receive = makeReceivePaymentEvents({ verifier, events });
    const results = await receive(
      {
        events: [
          event("evt_1"),
          event("evt_2", "t=1,v1=forged"),
          event("evt_old"),
          { payload: Buffer.from("[]"), signature: GOOD },
          event("evt_db"),
        ],
      },
      ctx(GATEWAY_SIGNER),
    );
    expect(results).toEqual([
      { accepted: true, eventId: "evt_1", stored: true },
      { accepted: false, errorCode: "invalid-signature" },
      { accepted: true, eventId: "evt_old", stored: false },
      { accepted: false, errorCode: "validation-failed" },
      { accepted: false, errorCode: "internal" },
    ]);
    expect(inserted.map((e) => e.id)).toEqual(["evt_1", "evt_old"]);
  });

  it("refuses every verified event of a call whose insertAll fails as a whole, and only those", async () => {
    const events = {
      insertAll: async () => {
        throw new Error("pool closed");
      },
    } as unknown as PaymentEventRepository;
    const receive = makeReceivePaymentEvents({ verifier, events });
    const results = await receive(
      { events: [event("evt_1"), event("evt_2", "t=1,v1=forged")] },
      ctx(GATEWAY_SIGNER),
    );
    expect(results).toEqual([
      { accepted: false, errorCode: "internal" },
      { accepted: false, errorCode: "invalid-signature" },
    ]);
  });

  it("stores the verified ones of a call together, with one insertAll", async () => {
    const { events, calls } = repository(["evt_old"]);
    const receive = makeReceivePaymentEvents({ verifier, events });
    await receive(
      { events: [event("evt_1"), event("evt_2", "t=1,v1=forged"), event("evt_old"), event("evt_3")] },
      ctx(GATEWAY_SIGNER),
    );
    expect(calls).toEqual([["evt_1", "evt_old", "evt_3"]]);
  });

  it("serves only the gateway", async () => {
    const { events, inserted } = repository();
    const noted: number[] = [];
    const receive = makeReceivePaymentEvents({ verifier, events, pressure: { note: (n) => noted.push(n) } });
    await expect(receive({ events: [event("evt_1")] }, ctx("purchases"))).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(inserted).toHaveLength(0);
    expect(noted).toEqual([]);
  });

  it("tells the intake pressure only of notifications whose signature verified", async () => {
    const { events } = repository();
    const noted: number[] = [];
    const receive = makeReceivePaymentEvents({ verifier, events, pressure: { note: (n) => noted.push(n) } });
    const forged = (id: string) => event(id, "t=1,v1=forged");
    await receive({ events: [event("evt_1"), forged("evt_2"), forged("evt_3")] }, ctx(GATEWAY_SIGNER));
    await receive({ events: [forged("evt_4"), forged("evt_5")] }, ctx(GATEWAY_SIGNER));
    await receive({ events: [event("evt_6")] }, ctx(GATEWAY_SIGNER));
    expect(noted).toEqual([1, 1]);
  });
});

describe("receiving one payment notification", () => {
  it("tells the intake pressure of it only once its signature verified", async () => {
    const { events, inserted } = repository();
    const noted: number[] = [];
    const receive = makeReceivePaymentEvent({ verifier, events, pressure: { note: (n) => noted.push(n) } });
    await expect(receive(event("evt_1", "t=1,v1=forged"), ctx(GATEWAY_SIGNER))).rejects.toMatchObject({
      code: "invalid-signature",
    });
    expect(noted).toEqual([]);
    expect(await receive(event("evt_2"), ctx(GATEWAY_SIGNER))).toEqual({ eventId: "evt_2", stored: true });
    expect(noted).toEqual([1]);
    expect(inserted.map((e) => e.id)).toEqual(["evt_2"]);
  });
});
