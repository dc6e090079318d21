import { setTimeout as sleep } from "node:timers/promises";
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
import { MIN_CALL_INTERVAL_MS } from "./intake-batcher";

let keys: TestKeys;
let app: ZodApp;
const SIGNED = "t=1,v1=good";
/** One signed notification through a gateway of its own whose settlements is `client`. */
async function notifyThrough(client: SettlementsClient) {
  const alone = await buildTestApp({
    keys,
    clients: fakeClients(fakeCatalogue(notFoundCatalogue).client, {}, { settlements: client }),
  });
  try {
    return await alone.inject({
      method: "POST",
      url: "/marketplace/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": SIGNED },
      payload: JSON.stringify({ id: "evt_1", type: "charge.refunded" }),
    });
  } finally {
    await alone.close();
  }
}

/** Settlements as the gateway sees it: a batch refuses what a single call would answer with an error. */
const settlements = fakeUpstream<SettlementsClient>((method, request) => {
  // A batch takes a moment, as a commit does: notifications arriving meanwhile wait for the next call.
  if (method === "receivePaymentEvents")
    return sleep(20).then(() => ({
      results: (request.events as { signature: string }[]).map((e) =>
        e.signature === SIGNED
          ? { accepted: true, eventId: "evt_1", stored: true, errorCode: "" }
          : { accepted: false, eventId: "", stored: false, errorCode: "invalid-signature" },
      ),
    }));
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
      expect(call?.method).toBe("receivePaymentEvents");
      const events = call?.request.events as { payload: Buffer; signature: string }[];
      expect(events).toHaveLength(1);
      expect(Buffer.from(events[0]?.payload as Buffer).toString("utf8")).toBe(body);
      expect(events[0]?.signature).toBe(SIGNED);
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
    // Refused in the batch, then sent again alone for the exact answer.
    expect(settlements.calls.map((c) => c.method)).toEqual(["receivePaymentEvents", "receivePaymentEvent"]);
    expect(settlements.calls[1]?.request.signature).toBe("");
  });

  it("send notifications arriving together in one call and answer each as settlements decided", async () => {
    settlements.calls.length = 0;
    const post = (signature: string, id: string) =>
      app.inject({
        method: "POST",
        url: "/marketplace/webhooks/stripe",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        payload: JSON.stringify({ id, type: "charge.refunded" }),
      });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(i % 4 === 3 ? "t=1,v1=forged" : SIGNED, `evt_${i}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(
      Array.from({ length: 12 }, (_, i) => (i % 4 === 3 ? 400 : 204)),
    );
    const batches = settlements.calls.filter((c) => c.method === "receivePaymentEvents");
    const sent = batches.flatMap((c) => c.request.events as unknown[]);
    expect(sent).toHaveLength(12);
    expect(batches.length).toBeLessThan(12);
    expect(settlements.calls.filter((c) => c.method === "receivePaymentEvent")).toHaveLength(3);
  });

  it("start batch calls at least MIN_CALL_INTERVAL_MS apart, even when settlements answers at once", async () => {
    const starts: number[] = [];
    const instant = fakeUpstream<SettlementsClient>((_method, request) => {
      starts.push(performance.now());
      return {
        results: (request.events as unknown[]).map(() => ({
          accepted: true,
          eventId: "evt_1",
          stored: true,
          errorCode: "",
        })),
      };
    });
    const own = await buildTestApp({
      keys,
      clients: fakeClients(fakeCatalogue(notFoundCatalogue).client, {}, { settlements: instant.client }),
    });
    // Read before the first notification, so no later than the batcher's reading when it starts the first
    // call: the k-th call starts k intervals after that reading, so at least k intervals after this one.
    const before = performance.now();
    try {
      const answers = await Promise.all(
        Array.from({ length: 3 }, (_, i) =>
          own.inject({
            method: "POST",
            url: "/marketplace/webhooks/stripe",
            headers: { "content-type": "application/json", "stripe-signature": SIGNED },
            payload: JSON.stringify({ id: `evt_${i}`, type: "charge.refunded" }),
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204]);
    } finally {
      await own.close();
    }
    expect(instant.calls.every((c) => c.method === "receivePaymentEvents")).toBe(true);
    expect(instant.calls.flatMap((c) => c.request.events as unknown[])).toHaveLength(3);
    expect(starts.length).toBeGreaterThanOrEqual(1);
    // Measured from a reading no later than the first call's start, not between two arrivals: a call may
    // reach the upstream late (a pause on a loaded machine), which would shorten the gap to the next one.
    for (const [k, start] of starts.entries())
      expect(start - before).toBeGreaterThanOrEqual(k * MIN_CALL_INTERVAL_MS);
  });

  it("send each notification alone to a settlements without the batch call (during a rollout)", async () => {
    const older = fakeUpstream<SettlementsClient>((method) => {
      if (method === "receivePaymentEvents")
        throw new AppError("not-implemented", "settlements does not implement this call yet.");
      return { eventId: "evt_1", stored: true };
    });
    const response = await notifyThrough(older.client);
    expect(response.statusCode, response.body).toBe(204);
    expect(older.calls.map((c) => c.method)).toEqual(["receivePaymentEvents", "receivePaymentEvent"]);
  });

  it("answer the batch call's own failure for every notification in it", async () => {
    const down = fakeUpstream<SettlementsClient>(() => {
      throw new AppError("upstream-unavailable", "settlements is unavailable");
    });
    expectProblem(await notifyThrough(down.client), 503, "upstream-unavailable");
    expect(down.calls.map((c) => c.method)).toEqual(["receivePaymentEvents"]);
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
