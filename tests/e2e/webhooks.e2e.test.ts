import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { PLATFORM_OPERATOR } from "@mp/local/demo";
import type { LocalStack } from "@mp/local/stack";
import { waitFor } from "@mp/testing";
import {
  chargeRefunded,
  checkoutSessionCompleted,
  type StripeEvent,
  signedStripeEvent,
  stripeEvent,
} from "@mp/testing/stripe";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectProblem, type HttpResult } from "./http";
import { startTestStack } from "./stack";

/**
 * Payment notifications through the front door: Stripe's part played over HTTP against the launched stack,
 * whose settlements verifies with a known pair of secrets (a rotation), stores, and processes into
 * `settlements.payment.updated.v1` events. The database is read only to prove what was stored.
 */
const CURRENT = "whsec_e2e_current_0000000000000000";
const PREVIOUS = "whsec_e2e_previous_000000000000000";
const REPO_ROOT = new URL("../../", import.meta.url).pathname;
const payment = {
  listingId: "0193a1b2-0000-7000-8000-0000000000e1",
  deviceId: "a1b2c3d4e5f60718",
  amount: 2500,
  currency: "EUR",
};

let stack: LocalStack;
let db: pg.Client;
const logs: string[] = [];

beforeAll(async () => {
  stack = await startTestStack(logs, { STRIPE_WEBHOOK_SECRET: `${CURRENT},${PREVIOUS}` });
  db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await stack?.stop();
});

async function post(
  body: string,
  signature?: string,
  path = "/marketplace/webhooks/stripe",
): Promise<HttpResult> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== undefined) headers["stripe-signature"] = signature;
  const response = await fetch(`${stack.gatewayUrl}${path}`, { method: "POST", headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const deliver = (event: StripeEvent, secret = CURRENT, path?: string) => {
  const { body, signature } = signedStripeEvent(event, secret);
  return post(body, signature, path);
};

async function storedRows(id: string) {
  const { rows } = await db.query<{ outcome: string | null; payload: Buffer }>(
    "SELECT outcome, payload FROM settlements.payment_events WHERE id = $1",
    [id],
  );
  return rows;
}

/** The updates settlements published for one Stripe event (sent by its relay). */
const published = (stripeEventId: string, count = 1) =>
  waitFor(
    async () => {
      const { rows } = await db.query<{ data: Record<string, unknown> }>(
        `SELECT payload->'data' AS data FROM settlements.outbox
          WHERE event_type = 'settlements.payment.updated.v1' AND sent_at IS NOT NULL
            AND payload->'data'->>'stripeEventId' = $1`,
        [stripeEventId],
      );
      return rows.length >= count ? rows.map((r) => r.data) : undefined;
    },
    { what: `the update for ${stripeEventId} to be published`, timeoutMs: 20_000 },
  );

describe("payment notifications through the gateway", () => {
  it("answers 204 once stored, and settlements publishes the payment and its refund", async () => {
    const paid = checkoutSessionCompleted({ ...payment, paymentIntentId: "pi_e2e_journey" });
    const answer = await deliver(paid);
    expect(answer.status).toBe(204);
    const [row] = await storedRows(paid.id);
    expect(row?.payload.toString("utf8")).toBe(JSON.stringify(paid));
    expect(await published(paid.id)).toEqual([
      expect.objectContaining({
        kind: "paid",
        paymentIntentId: "pi_e2e_journey",
        listingId: payment.listingId,
        deviceId: payment.deviceId,
        amount: { amount: 2500, currency: "EUR" },
        version: 1,
      }),
    ]);

    // Signed with the previous secret of the rotation, sent to the alias path.
    const refund = chargeRefunded({
      paymentIntentId: "pi_e2e_journey",
      amount: 2500,
      amountRefunded: 2500,
      currency: "eur",
    });
    expect((await deliver(refund, PREVIOUS, "/marketplace/webhooks/payments")).status).toBe(204);
    expect(await published(refund.id)).toEqual([
      expect.objectContaining({ kind: "refunded", refund: "full", version: 2 }),
    ]);
  });

  it("acknowledges 50 concurrent copies of one event with 204 and stores and publishes it once", async () => {
    const event = checkoutSessionCompleted({ ...payment, paymentIntentId: "pi_e2e_copies" });
    const { body, signature } = signedStripeEvent(event, CURRENT);
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(body, signature)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(204));
    expect(await storedRows(event.id)).toHaveLength(1);
    await published(event.id);
    expect((await post(body, signature)).status).toBe(204);
    // Settle time for a second (wrong) publication to show up.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await published(event.id)).toHaveLength(1);
  });

  it("refuses bad, stale and missing signatures with 400 invalid-signature and stores nothing", async () => {
    const event = checkoutSessionCompleted(payment);
    const { body, signature } = signedStripeEvent(event, CURRENT);
    const stale = signedStripeEvent(event, CURRENT, Math.floor(Date.now() / 1000) - 301).signature;
    for (const [bytes, header] of [
      [body.replace("2500", "1"), signature],
      [body, signedStripeEvent(event, "whsec_attacker_0000000").signature],
      [body, stale],
      [body, undefined],
    ] as const) {
      expectProblem(await post(bytes, header), 400, "invalid-signature", "/marketplace/webhooks/stripe");
    }
    expect(await storedRows(event.id)).toEqual([]);
  });

  it("stores and acknowledges unknown and malformed-but-signed events, never a 5xx", async () => {
    const unknown = stripeEvent("invoice.finalized", { id: "in_1", object: "invoice" });
    const malformed = { ...checkoutSessionCompleted(payment), data: "garbage" } as unknown as StripeEvent;
    for (const event of [unknown, malformed]) expect((await deliver(event)).status).toBe(204);
    const outcome = (id: string) =>
      waitFor(async () => (await storedRows(id))[0]?.outcome ?? undefined, { what: `${id} processed` });
    expect(await outcome(unknown.id)).toBe("ignored");
    expect(await outcome(malformed.id)).toBe("unprocessable");
  });

  it("pnpm pay plays a payment with the secret and address the launcher wrote to demo-credentials.json", async () => {
    const written = JSON.parse(await readFile(stack.credentialsFile, "utf8"));
    expect(written).toMatchObject({ gatewayUrl: stack.gatewayUrl, stripeWebhookSecret: CURRENT });
    expect(written.admin.token).toEqual(expect.any(String));
    // the platform operator, whose admin closes periods and pays statements
    expect(written.operator).toEqual({ token: expect.any(String), organisationId: PLATFORM_OPERATOR.id });
    const dataDir = dirname(stack.credentialsFile);
    const { stdout } = await promisify(execFile)(
      join(REPO_ROOT, "node_modules/.bin/tsx"),
      [
        "deploy/local/src/pay-cli.ts",
        "--data-dir",
        dataDir,
        "--listing",
        payment.listingId,
        "--device",
        payment.deviceId,
        // Not a listing of the stack's: its price cannot be read, so the payment names it.
        "--amount",
        "1999",
        "--currency",
        "EUR",
      ],
      { cwd: REPO_ROOT },
    );
    const [, eventId, paymentIntentId] =
      stdout.match(/^checkout\.session\.completed (evt_\w+) \(payment intent (pi_\w+)\) -> 204$/m) ?? [];
    expect(eventId, stdout).toBeDefined();
    expect(await published(eventId ?? "")).toEqual([
      expect.objectContaining({ kind: "paid", paymentIntentId, amount: { amount: 1999, currency: "EUR" } }),
    ]);
  });
});
