import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { signedStripeEvent } from "@mp/testing/stripe";
import { UsageError } from "./cli-args";
import { DEFAULT_DATA_DIR } from "./paths";
import { PAY_USAGE, parsePayArgs } from "./pay-args";
import { type PayHistory, payEvent } from "./pay-events";

/**
 * `pnpm pay ...`: plays Stripe's part against the local stack. Builds the notification a real payment,
 * refund or dispute would send, signs it with the webhook secret the launcher wrote to
 * `.local/demo-credentials.json`, and posts it to the gateway's `/marketplace/webhooks/stripe`.
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
    const { gatewayUrl, stripeWebhookSecret } = await readCredentials(join(dataDir, "demo-credentials.json"));
    const { event, paymentIntentId, history } = payEvent(request, await readHistory(historyFile));
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

async function readCredentials(file: string): Promise<{ gatewayUrl: string; stripeWebhookSecret: string }> {
  const text = await readFile(file, "utf8").catch(() => {
    throw new Error(`no ${file}: start the stack first (pnpm start)`);
  });
  const { gatewayUrl, stripeWebhookSecret } = JSON.parse(text) as Record<string, unknown>;
  if (typeof gatewayUrl !== "string" || typeof stripeWebhookSecret !== "string")
    throw new Error(`${file} has no gatewayUrl or stripeWebhookSecret: restart the stack (pnpm start)`);
  return { gatewayUrl, stripeWebhookSecret };
}

async function readHistory(file: string): Promise<PayHistory> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as PayHistory;
  } catch {
    return {};
  }
}

process.exitCode = await main();
