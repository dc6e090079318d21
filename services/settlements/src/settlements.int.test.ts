import { connectBus } from "@mp/bus";
import { type PaymentUpdatedV1, paymentUpdatedV1, type SettlementsProto } from "@mp/contracts";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import {
  chargeRefunded,
  checkoutSessionCompleted,
  paymentIntentSucceeded,
  type StripeEvent,
  signedStripeEvent,
  stripeEvent,
} from "@mp/testing/stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSettlements, settlementsService } from "./module";
import { settlementsEnv } from "./testing/settlements-env";

const OLD_SECRET = "whsec_int_previous_00000000000000";
const SECRET = "whsec_int_current_000000000000000";
const proto = loadProto<SettlementsProto>("marketplace/settlements/v1/settlements.proto").marketplace
  .settlements.v1;
const payment = {
  listingId: "0193a1b2-0000-7000-8000-0000000000c1",
  deviceId: "00112233aabbccdd",
  amount: 1999,
  currency: "EUR",
};

let infra: TestInfra;
let mesh: TestMesh;
let env: Record<string, string>;
let settlements: RunningService | undefined;

beforeAll(async () => {
  infra = await freshInfra("settlements");
  mesh = await ephemeralMesh();
  env = settlementsEnv(infra, mesh, `${OLD_SECRET},${SECRET}`);
});

afterAll(async () => {
  await settlements?.stop();
  await infra?.cleanup();
});

function running(): RunningService {
  if (!settlements) throw new Error("settlements is not running");
  return settlements;
}

/** A client calling settlements as the gateway does: as itself. */
function gatewayClient(service: RunningService, deadlineMs?: number) {
  return createUnaryClient(proto.SettlementsService, `127.0.0.1:${service.grpcPort}`, {
    upstream: "settlements",
    identity: mesh.gateway,
    ...(deadlineMs === undefined ? {} : { deadlineMs }),
  });
}

/** Hand an event in as the gateway does: its raw bytes and header, the gateway calling as itself. */
async function receive(service: RunningService, body: string, signature: string) {
  const client = gatewayClient(service);
  try {
    return await receiveWith(client, body, signature);
  } finally {
    client.close();
  }
}

function receiveWith(client: ReturnType<typeof gatewayClient>, body: string, signature: string) {
  return client.call("receivePaymentEvent", { payload: Buffer.from(body), signature }, { requestId: "int" });
}

const send = (event: StripeEvent, secret = SECRET) => {
  const { body, signature } = signedStripeEvent(event, secret);
  return receive(running(), body, signature);
};

interface StoredRow {
  id: string;
  type: string;
  livemode: boolean | null;
  created: Date | null;
  payload: Buffer;
  processed_at: Date | null;
  outcome: string | null;
  outcome_detail: string | null;
}

async function stored(service: RunningService, id: string): Promise<StoredRow[]> {
  return (await service.pool.query<StoredRow>("SELECT * FROM payment_events WHERE id = $1", [id])).rows;
}

const processed = (id: string) =>
  waitFor(
    async () => {
      const [row] = await stored(running(), id);
      return row?.processed_at ? row : undefined;
    },
    { what: `event ${id} to be processed` },
  );

/** The payment updates appended to the outbox for one Stripe event. */
async function emitted(stripeEventId: string): Promise<PaymentUpdatedV1[]> {
  const { rows } = await running().pool.query<{ payload: { data: unknown } }>(
    `SELECT payload FROM outbox WHERE event_type = $1 AND payload->'data'->>'stripeEventId' = $2 ORDER BY seq`,
    [paymentUpdatedV1.type, stripeEventId],
  );
  return rows.map((r) => paymentUpdatedV1.data.parse(r.payload.data));
}

describe("settlements payment intake (real PostgreSQL and NATS)", () => {
  it("loses nothing to a crash between the answer and processing: the next start processes it", async () => {
    const intakeOnly = await startService(
      { ...settlementsService, build: (deps) => buildSettlements(deps, { processor: false }) },
      env,
      { logger: testLogger("settlements") },
    );
    const event = checkoutSessionCompleted(payment);
    const { body, signature } = signedStripeEvent(event, SECRET);
    expect(await receive(intakeOnly, body, signature)).toEqual({ eventId: event.id, stored: true });
    const [row] = await stored(intakeOnly, event.id);
    expect(row).toMatchObject({ type: "checkout.session.completed", livemode: false, processed_at: null });
    expect(row?.payload.toString("utf8")).toBe(body);
    expect(row?.created).toEqual(new Date(event.created * 1000));
    await intakeOnly.stop();

    settlements = await startService(settlementsService, env, { logger: testLogger("settlements") });
    expect(await processed(event.id)).toMatchObject({ outcome: "emitted", outcome_detail: null });
    const [update] = await emitted(event.id);
    expect(update).toMatchObject({
      kind: "paid",
      paymentIntentId: (event.data.object as { payment_intent: string }).payment_intent,
      listingId: payment.listingId,
      deviceId: payment.deviceId,
      amount: { amount: 1999, currency: "EUR" },
      livemode: false,
      occurredAt: new Date(event.created * 1000).toISOString(),
      version: 1,
    });
  });

  it("stores, answers, then processes; each event of a payment intent gets the next version", async () => {
    const paymentIntentId = "pi_int_versions";
    const paid = checkoutSessionCompleted({ ...payment, paymentIntentId });
    const succeeded = paymentIntentSucceeded({ ...payment, paymentIntentId });
    const refund = chargeRefunded({ paymentIntentId, amount: 1999, amountRefunded: 500, currency: "eur" });
    for (const event of [paid, succeeded, refund]) {
      expect(await send(event)).toEqual({ eventId: event.id, stored: true });
      // Stored before the answer: the row is there the moment the call returns.
      expect(await stored(running(), event.id)).toHaveLength(1);
    }
    for (const event of [paid, succeeded, refund]) await processed(event.id);
    const versions = await Promise.all([paid, succeeded, refund].map(async (e) => (await emitted(e.id))[0]));
    expect(versions.map((u) => [u?.kind, u?.version])).toEqual([
      ["paid", 1],
      ["paid", 2],
      ["refunded", 3],
    ]);
    expect(versions[2]).toMatchObject({
      amountRefunded: { amount: 500, currency: "EUR" },
      refund: "partial",
    });
  });

  it("stores 50 concurrent copies of one event once and emits one update", async () => {
    const event = checkoutSessionCompleted({ ...payment, paymentIntentId: "pi_int_duplicates" });
    const { body, signature } = signedStripeEvent(event, SECRET);
    const answers = await Promise.all(Array.from({ length: 50 }, () => receive(running(), body, signature)));
    expect(answers.every((a) => a.eventId === event.id)).toBe(true);
    expect(answers.filter((a) => a.stored)).toHaveLength(1);
    expect(await stored(running(), event.id)).toHaveLength(1);
    await processed(event.id);
    // Another copy after processing is still a no-op.
    expect(await receive(running(), body, signature)).toEqual({ eventId: event.id, stored: false });
    expect(await emitted(event.id)).toHaveLength(1);
  });

  it("stores a burst of concurrent events and their copies once each; every intent's versions are 1, 2, 3", async () => {
    // Written by a few multi-row statements (group commit) and processed a pass of many at a time.
    const intents = Array.from({ length: 40 }, (_, i) => `pi_int_burst_${i}`);
    const events = intents.flatMap((paymentIntentId) => [
      checkoutSessionCompleted({ ...payment, paymentIntentId }),
      paymentIntentSucceeded({ ...payment, paymentIntentId }),
      chargeRefunded({ paymentIntentId, amount: 1999, amountRefunded: 1999, currency: "eur" }),
    ]);
    const signed = events.map((e) => signedStripeEvent(e, SECRET));
    // One client, as the gateway has, with a deadline no loaded machine reaches: 240 calls at once (each
    // on a client of its own before) once took longer than the default 5 s in CI.
    const client = gatewayClient(running(), 60_000);
    const answers = await Promise.all(
      [...signed, ...signed].map(({ body, signature }) => receiveWith(client, body, signature)),
    ).finally(() => client.close());
    for (const event of events) {
      const mine = answers.filter((a) => a.eventId === event.id);
      expect(mine.map((a) => a.stored).sort()).toEqual([false, true]);
    }
    const { rows } = await running().pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payment_events WHERE id = ANY($1::text[])",
      [events.map((e) => e.id)],
    );
    expect(rows[0]?.n).toBe(events.length);
    for (const event of events) await processed(event.id);
    for (const [i] of intents.entries()) {
      const updates = (await Promise.all(events.slice(i * 3, i * 3 + 3).map((e) => emitted(e.id)))).flat();
      expect(updates.map((u) => u.version).sort()).toEqual([1, 2, 3]);
    }
  });

  it("stores and acknowledges unknown types, and processes them without an event", async () => {
    const event = stripeEvent("customer.subscription.trial_will_end", {
      id: "sub_1",
      object: "subscription",
    });
    expect(await send(event, OLD_SECRET)).toEqual({ eventId: event.id, stored: true });
    expect(await processed(event.id)).toMatchObject({ outcome: "ignored" });
    expect(await emitted(event.id)).toEqual([]);
  });

  it("stores a malformed but signed event and marks it unprocessable; later events still flow", async () => {
    const broken = { ...checkoutSessionCompleted(payment), data: "not an object", livemode: "maybe" };
    expect(await send(broken as unknown as StripeEvent)).toMatchObject({ stored: true });
    const after = checkoutSessionCompleted({ ...payment, paymentIntentId: "pi_int_after_broken" });
    await send(after);
    const row = await processed(broken.id);
    expect(row).toMatchObject({ outcome: "unprocessable", livemode: null });
    expect(row.outcome_detail).toMatch(/data/);
    expect(await emitted(broken.id)).toEqual([]);
    expect(await processed(after.id)).toMatchObject({ outcome: "emitted" });
  });

  it("refuses a bad, stale or missing signature and stores nothing", async () => {
    const event = checkoutSessionCompleted(payment);
    const { body, signature } = signedStripeEvent(event, SECRET);
    const stale = signedStripeEvent(event, SECRET, Math.floor(Date.now() / 1000) - 301).signature;
    const cases = [
      [body.replace("1999", "1"), signature],
      [body, signedStripeEvent(event, "whsec_not_ours_00000").signature],
      [body, stale],
      [body, ""],
    ] as const;
    for (const [bytes, header] of cases)
      await expect(receive(running(), bytes, header)).rejects.toMatchObject({ code: "invalid-signature" });
    expect(await stored(running(), event.id)).toEqual([]);
  });

  it("stores a batch in one call, refusing only its bad events, and answers once the rest are stored", async () => {
    const good = [1, 2, 3].map((n) =>
      checkoutSessionCompleted({ ...payment, paymentIntentId: `pi_batch_${n}_${Date.now()}` }),
    );
    const forged = checkoutSessionCompleted({ ...payment, paymentIntentId: `pi_batch_forged_${Date.now()}` });
    const signed = good.map((event) => signedStripeEvent(event, SECRET));
    const bad = signedStripeEvent(forged, "whsec_not_ours_00000");
    const client = createUnaryClient(proto.SettlementsService, `127.0.0.1:${running().grpcPort}`, {
      upstream: "settlements",
      identity: mesh.gateway,
    });
    try {
      const events = [signed[0], bad, signed[1], signed[2], signed[0]].map((e) => ({
        payload: Buffer.from(e?.body ?? ""),
        signature: e?.signature ?? "",
      }));
      const { results } = await client.call("receivePaymentEvents", { events }, { requestId: "int" });
      expect(results.map((r) => [r.accepted, r.eventId, r.errorCode])).toEqual([
        [true, good[0]?.id, ""],
        [false, "", "invalid-signature"],
        [true, good[1]?.id, ""],
        [true, good[2]?.id, ""],
        [true, good[0]?.id, ""],
      ]);
      // Two copies of one event: whichever statement reaches it first stores it, the other is a repeat.
      expect(results.map((r) => r.stored)).toEqual([
        results[0]?.stored,
        false,
        true,
        true,
        !results[0]?.stored,
      ]);
      // Answered means stored: every accepted event is in the table already, the forged one never.
      for (const event of good) expect(await stored(running(), event.id)).toHaveLength(1);
      expect(await stored(running(), forged.id)).toEqual([]);
      for (const event of good) expect(await processed(event.id)).toMatchObject({ outcome: "emitted" });
    } finally {
      client.close();
    }
  });

  it("serves only the gateway calling as itself, never for a user", async () => {
    const { body, signature } = signedStripeEvent(checkoutSessionCompleted(payment), SECRET);
    const client = createUnaryClient(proto.SettlementsService, `127.0.0.1:${running().grpcPort}`, {
      upstream: "settlements",
      identity: mesh.gateway,
    });
    const user = {
      subject: "u-1",
      organisationId: "0193a1b2-0000-7000-8000-0000000000a1",
      roles: ["admin" as const],
      via: "jwt" as const,
    };
    await expect(
      client.call(
        "receivePaymentEvent",
        { payload: Buffer.from(body), signature },
        { principal: user, requestId: "r" },
      ),
    ).rejects.toMatchObject({ code: "forbidden" });
    client.close();
  });

  it("publishes the updates to the SETTLEMENTS stream", async () => {
    const bus = await connectBus({
      url: infra.natsUrl,
      name: "probe",
      namespace: infra.busNamespace,
      logger: testLogger(),
    });
    const subject = bus.subject(paymentUpdatedV1.type);
    const count = await waitFor(
      async () => {
        const info = await bus.jsm.streams.info(bus.streamName("SETTLEMENTS"), { subjects_filter: subject });
        const n = info.state.subjects?.[subject] ?? 0;
        return n >= 129 ? n : undefined;
      },
      { what: "the relay to publish every update" },
    );
    // crash 1, versions 3, 50 duplicates 1, burst 120, after the broken one 1, batch 3; the unknown and the
    // broken none.
    expect(count).toBe(129);
    await bus.close();
  });
});
