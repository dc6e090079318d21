import { startStripeStandIn } from "./server";

/**
 * The Stripe stand-in as a process (the launcher starts it): STRIPE_STAND_IN_HOST (default 127.0.0.1),
 * STRIPE_STAND_IN_PORT (default 12111), STRIPE_STAND_IN_WEBHOOK_URL (where notifications go; unset, none
 * are sent), STRIPE_WEBHOOK_SECRET (the first of its list signs them). SIGTERM or SIGINT stops it.
 */
async function main(): Promise<void> {
  const env = process.env;
  const port = env.STRIPE_STAND_IN_PORT ? Number(env.STRIPE_STAND_IN_PORT) : 12111;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`STRIPE_STAND_IN_PORT must be a port, got "${env.STRIPE_STAND_IN_PORT}"`);
  const standIn = await startStripeStandIn({
    port,
    host: env.STRIPE_STAND_IN_HOST || "127.0.0.1",
    webhookUrl: env.STRIPE_STAND_IN_WEBHOOK_URL || undefined,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET?.split(",")[0]?.trim() || undefined,
  });
  process.stdout.write(`Stripe stand-in listening on ${standIn.url}\n`);
  const shutdown = () => {
    standIn.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`Stripe stand-in failed to start: ${String(error)}\n`);
  process.exit(1);
});
