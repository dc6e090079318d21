import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { demoApi } from "@mp/local/demo-api";
import { developerApplications, listItem, offerItem, publishApplication } from "@mp/local/demo-items";
import { demoSeed } from "@mp/local/simulator";
import type { LocalStack } from "@mp/local/stack";
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from "@mp/sdk";
import { waitFor } from "@mp/testing";
import { paymentIntentSucceeded, signedStripeEvent, stripeId } from "@mp/testing/stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectProblem, httpClient } from "./http";
import { startTestStack } from "./stack";

/**
 * Outbound webhooks through the launched stack: the provider registers an endpoint (a real HTTP receiver
 * on this machine), a purchase is made the only way purchases are made (a signed payment notification),
 * and the receiver gets `purchase.completed`, signed so the SDK's helper verifies it with the secret
 * shown at registration. Another organisation's endpoint hears nothing and cannot read this one.
 */
const SECRET = "whsec_e2e_webhook_endpoints_000000000";
const DEVICE = (
  demoSeed().devices.find((d) => d.organisationId === DEMO_ORGANISATIONS.provider.id)?.deviceId ?? ""
).toLowerCase();

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let receiver: Server;
let receiverUrl: string;
let stack: LocalStack;
let call: ReturnType<typeof httpClient>;
let tokens: { provider: string; otherProvider: string };
let listingId: string;
const logs: string[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  stack = await startTestStack(logs, { STRIPE_WEBHOOK_SECRET: SECRET });
  call = httpClient(stack.gatewayUrl);
  tokens = {
    provider: stack.credentials.provider.token,
    otherProvider: await stack.signToken({
      org: "0193a5d0-0000-7000-8000-0000000000fd",
      roles: ["provider"],
    }),
  };
  const instance = await call("POST", "/marketplace/instances", {
    token: stack.credentials.admin.token,
    body: { name: "Webhooks", defaultCurrency: "EUR", platformFeeBps: 1000 },
  });
  expect(instance.status).toBe(200);
  const instanceId = instance.body.id as string;
  const api = demoApi(stack.gatewayUrl);
  const developer = stack.credentials.developer.token;
  const [application] = await developerApplications(api, developer, instanceId);
  const item = await publishApplication(api, developer, {
    instanceId,
    application: application!,
    basePrice: { amount: 1000, currency: "EUR" },
  });
  await offerItem(api, stack.credentials.admin.token, instanceId, item!.id);
  const listing = await listItem(api, tokens.provider, {
    instanceId,
    itemId: item!.id,
    price: { amount: 2500, currency: "EUR" },
    visibility: "public",
  });
  listingId = listing.id;
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe("outbound webhooks through the stack", () => {
  it("delivers a signed purchase.completed to the provider's endpoint and to no one else", async () => {
    const created = await call<{ id: string; secret: string }>("POST", "/marketplace/webhook-endpoints", {
      token: tokens.provider,
      body: { url: `${receiverUrl}/provider`, events: ["purchase.completed"], description: "e2e" },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/marketplace/webhook-endpoints/${created.body.id}`);
    expect(created.body.secret).toMatch(/^whsec_/);
    const other = await call<{ id: string }>("POST", "/marketplace/webhook-endpoints", {
      token: tokens.otherProvider,
      body: { url: `${receiverUrl}/other`, events: ["purchase.completed"] },
    });
    expect(other.status).toBe(201);
    expectProblem(
      await call("GET", `/marketplace/webhook-endpoints/${created.body.id}`, { token: tokens.otherProvider }),
      404,
      "not-found",
    );

    const paymentIntentId = stripeId("pi");
    const { body, signature } = signedStripeEvent(
      paymentIntentSucceeded({ listingId, deviceId: DEVICE, amount: 2500, currency: "EUR", paymentIntentId }),
      SECRET,
    );
    const notified = await fetch(`${stack.gatewayUrl}/marketplace/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body,
    });
    expect(notified.status).toBe(204);

    const delivery = await waitFor(
      () => received.find((r) => r.path === "/provider" && JSON.parse(r.body).type === "purchase.completed"),
      { what: "purchase.completed at the receiver", timeoutMs: 60_000 },
    );
    const check = verifyWebhookSignature({
      payload: delivery.body,
      header: delivery.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string,
      secret: created.body.secret,
    });
    expect(check.valid).toBe(true);
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({
      type: "purchase.completed",
      organisationId: DEMO_ORGANISATIONS.provider.id,
      data: { listingId, deviceId: DEVICE, amount: { amount: 2500, currency: "EUR" }, status: "completed" },
    });
    const purchases = await call<{ items: { id: string; paymentReference: string }[] }>(
      "GET",
      `/marketplace/providers/purchases?deviceId=${DEVICE}`,
      { token: tokens.provider },
    );
    expect(purchases.body.items.find((p) => p.paymentReference === paymentIntentId)?.id).toBe(
      event.data.purchaseId,
    );
    const log = await waitFor(async () => {
      const page = await call<{ items: { eventId: string; status: string; responseStatus: number }[] }>(
        "GET",
        `/marketplace/webhook-endpoints/${created.body.id}/deliveries`,
        { token: tokens.provider },
      );
      return page.body.items.find((d) => d.eventId === event.id && d.status === "succeeded");
    });
    expect(log.responseStatus).toBe(204);
    expect(received.filter((r) => r.path === "/other")).toHaveLength(0);
  });
});
