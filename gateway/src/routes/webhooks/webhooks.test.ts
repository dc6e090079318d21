import { AppError } from "@mp/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SettlementsClient } from "../../clients";
import {
  buildTestApp,
  createTestKeys,
  expectProblem,
  fakeCatalogue,
  fakeClients,
  fakeUpstream,
  notFoundCatalogue,
  type TestKeys,
} from "../../testing/test-kit";
import type { ZodApp } from "../../zod-app";

let keys: TestKeys;
let app: ZodApp;
const SIGNED = "t=1,v1=good";
const settlements = fakeUpstream<SettlementsClient>((_method, request) => {
  if (request.signature !== SIGNED) throw new AppError("invalid-signature", "The signature does not verify.");
  return { eventId: "evt_1", stored: true };
});

beforeAll(async () => {
  keys = await createTestKeys();
  app = await buildTestApp({
    keys,
    clients: fakeClients(fakeCatalogue(notFoundCatalogue).client, {}, { settlements: settlements.client }),
  });
});
afterAll(() => app.close());

describe("payment notification routes", () => {
  it("hand settlements the exact bytes and the signature, as the gateway itself, and answer 204", async () => {
    // Spacing and key order a re-serialisation would change: the signature is over these very bytes.
    const body = '{ "type":"checkout.session.completed",\n  "id":"evt_1", "data": {"object": {}} }';
    for (const url of ["/marketplace/webhooks/stripe", "/marketplace/webhooks/payments"]) {
      settlements.calls.length = 0;
      const response = await app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json", "stripe-signature": SIGNED },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe("");
      expect(settlements.calls).toHaveLength(1);
      const [call] = settlements.calls;
      expect(call?.method).toBe("receivePaymentEvent");
      expect(Buffer.from(call?.request.payload as Buffer).toString("utf8")).toBe(body);
      expect(call?.request.signature).toBe(SIGNED);
      expect(call?.ctx.principal).toBeUndefined();
    }
  });

  it("answer settlements' invalid-signature as a 400 problem, also when the header is missing", async () => {
    const payload = { id: "evt_1", type: "charge.refunded" };
    const bad = await app.inject({
      method: "POST",
      url: "/marketplace/webhooks/stripe",
      headers: { "stripe-signature": "t=1,v1=forged" },
      payload,
    });
    expectProblem(bad, 400, "invalid-signature");
    settlements.calls.length = 0;
    expectProblem(
      await app.inject({ method: "POST", url: "/marketplace/webhooks/stripe", payload }),
      400,
      "invalid-signature",
    );
    expect(settlements.calls[0]?.request.signature).toBe("");
  });

  it("refuse a body without an event id before calling settlements", async () => {
    settlements.calls.length = 0;
    const response = await app.inject({
      method: "POST",
      url: "/marketplace/webhooks/stripe",
      headers: { "stripe-signature": SIGNED },
      payload: { type: "charge.refunded" },
    });
    expect(expectProblem(response, 400, "validation-failed").errors).toHaveProperty(["body.id"]);
    expect(settlements.calls).toHaveLength(0);
  });
});
