import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { signedStripeEvent } from "@mp/testing/stripe";
import { UsageError } from "./cli-args";
import { demoApi, expectStatus } from "./launcher/demo-api";
import { DEFAULT_DATA_DIR } from "./paths";
import { PAY_USAGE, type PayArgs, type PayNotification, parsePayArgs } from "./pay-args";
import { type PayHistory, payEvent } from "./pay-events";
import { reconcileOnce } from "./reconcile-once";

/**
 * `pnpm pay ...`: plays Stripe's part against the local stack. Builds the notification a real payment,
 * refund or dispute would send, signs it with the webhook secret the launcher wrote to
 * `.local/demo-credentials.json`, and posts it to the gateway's `/marketplace/webhooks/stripe`. A payment
 * without `--amount`/`--currency` is made at the listing's current price (read through the gateway as the
 * demo provider). `pnpm pay reconcile` runs one reconciliation pass of settlements now.
 */
async function main(): Promise<number> {
  try {
    const request = parsePayArgs(process.argv.slice(2));
    if (request === "help") {
      process.stdout.write(`${PAY_USAGE}\n`);
      return 0;
    }
    const dataDir = request.dataDir ?? DEFAULT_DATA_DIR;
    const historyFile = join(dataDir, "pay-history.json");
    const credentials = await readCredentials(join(dataDir, "demo-credentials.json"));
    if (request.kind === "reconcile") return await reconcile(credentials);
    const { gatewayUrl, stripeWebhookSecret } = credentials;
    const notification = await priced(request, credentials);
    const { event, paymentIntentId, history } = payEvent(notification, await readHistory(historyFile));
    const { body, signature } = signedStripeEvent(event, stripeWebhookSecret);
    const response = await fetch(new URL("/marketplace/webhooks/stripe", gatewayUrl), {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body,
    });
    process.stdout.write(
      `${event.type} ${event.id} (payment intent ${paymentIntentId}) -> ${response.status}\n`,
    );
    if (response.status !== 204) {
      process.stderr.write(`${await response.text()}\n`);
      return 1;
    }
    await writeFile(historyFile, `${JSON.stringify(history, null, 2)}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`pay: ${(error as Error).message}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

interface Credentials {
  gatewayUrl: string;
  stripeWebhookSecret: string;
  providerToken: string | undefined;
  stripeApiBase: string | undefined;
  databaseUrl: string | undefined;
}

async function readCredentials(file: string): Promise<Credentials> {
  const text = await readFile(file, "utf8").catch(() => {
    throw new Error(`no ${file}: start the stack first (pnpm start)`);
  });
  const written = JSON.parse(text) as Record<string, unknown>;
  const { gatewayUrl, stripeWebhookSecret, stripeApiBase, databaseUrl } = written;
  if (typeof gatewayUrl !== "string" || typeof stripeWebhookSecret !== "string")
    throw new Error(`${file} has no gatewayUrl or stripeWebhookSecret: restart the stack (pnpm start)`);
  const provider = written.provider as { token?: unknown } | undefined;
  return {
    gatewayUrl,
    stripeWebhookSecret,
    providerToken: typeof provider?.token === "string" ? provider.token : undefined,
    stripeApiBase: typeof stripeApiBase === "string" ? stripeApiBase : undefined,
    databaseUrl: typeof databaseUrl === "string" ? databaseUrl : undefined,
  };
}

/** A payment's amount and currency: as given, else the listing's current price (the demo provider's view). */
async function priced(request: PayArgs, credentials: Credentials): Promise<PayNotification> {
  if (request.kind !== "payment") return request;
  const { amount, currency } = request;
  if (amount !== undefined && currency !== undefined) return { ...request, amount, currency };
  const price = await listingPrice(request.listingId, credentials);
  return { ...request, amount: amount ?? price.amount, currency: currency ?? price.currency };
}

async function listingPrice(
  listingId: string,
  credentials: Credentials,
): Promise<{ amount: number; currency: string }> {
  const token = credentials.providerToken;
  if (!token) throw new Error("the credentials file has no provider token: give --amount and --currency");
  const call = demoApi(credentials.gatewayUrl);
  for (let page = 1; ; page++) {
    const listings = await call<{
      items: { id: string; price: { amount: number; currency: string } }[];
      totalPages: number;
    }>("GET", `/marketplace/providers/listings?page=${page}&pageSize=100`, token);
    expectStatus("reading the demo provider's listings", listings, 200);
    const listing = listings.body.items.find((l) => l.id.toLowerCase() === listingId);
    if (listing) return listing.price;
    if (page >= listings.body.totalPages)
      throw new UsageError(`listing ${listingId} is not the demo provider's: give --amount and --currency`);
  }
}

/** One reconciliation pass over the stack's settlements schema, against the stack's Stripe (or Stripe). */
async function reconcile(credentials: Credentials): Promise<number> {
  const { databaseUrl, stripeApiBase } = credentials;
  if (!databaseUrl)
    throw new Error("the credentials file has no databaseUrl: restart the stack (pnpm start)");
  const result = await reconcileOnce({ databaseUrl, stripeApiBase });
  process.stdout.write(
    result.ran
      ? `reconciliation: ${result.listed} events listed since ${result.from?.toISOString()}, ${result.recovered} recovered\n`
      : "reconciliation: another replica is reconciling now; try again in a moment\n",
  );
  return 0;
}

async function readHistory(file: string): Promise<PayHistory> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as PayHistory;
  } catch {
    return {};
  }
}

process.exitCode = await main();
