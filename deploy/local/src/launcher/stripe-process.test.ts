import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { DEV_SECRETS } from "./stack-env";
import {
  DEFAULT_STRIPE_STAND_IN_PORT,
  planStripeStandIn,
  startStripeStandInChild,
  stripeStandInEnv,
} from "./stripe-process";

const DEV_KEY = DEV_SECRETS.STRIPE_API_KEY;

describe("planStripeStandIn", () => {
  it("starts no stand-in when STRIPE_API_BASE names a server or the key is a real account's", async () => {
    expect(await planStripeStandIn({ STRIPE_API_BASE: "http://127.0.0.1:1" }, true, DEV_KEY)).toBeUndefined();
    expect(
      await planStripeStandIn({ STRIPE_API_KEY: "sk_test_real_account" }, true, DEV_KEY),
    ).toBeUndefined();
    expect(await planStripeStandIn({ STRIPE_API_KEY: DEV_KEY }, true, DEV_KEY)).toBeDefined();
  });

  it("takes a free port when ephemeral, and tells the stand-in where notifications go", async () => {
    const plan = (await planStripeStandIn({}, true, DEV_KEY))!;
    expect(plan.url).toBe(`http://127.0.0.1:${plan.port}`);
    expect(plan.port).not.toBe(DEFAULT_STRIPE_STAND_IN_PORT);
    const webhook = { url: "http://127.0.0.1:8080/marketplace/webhooks/stripe", secret: "whsec_x" };
    expect(stripeStandInEnv({ PATH: "/bin" }, plan, webhook)).toMatchObject({
      PATH: "/bin",
      STRIPE_STAND_IN_PORT: String(plan.port),
      STRIPE_STAND_IN_WEBHOOK_URL: webhook.url,
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    });
  });

  it("names the port and the variables when STRIPE_STAND_IN_PORT is taken", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const taken = (server.address() as { port: number }).port;
    try {
      await expect(
        planStripeStandIn({ STRIPE_STAND_IN_PORT: String(taken) }, false, DEV_KEY),
      ).rejects.toThrow(`port ${taken} for the Stripe stand-in is already in use`);
      await expect(planStripeStandIn({ STRIPE_STAND_IN_PORT: "x" }, false, DEV_KEY)).rejects.toThrow(
        /STRIPE_STAND_IN_PORT must be a port/,
      );
    } finally {
      server.close();
    }
  });
});

describe("startStripeStandInChild", () => {
  it("runs the stand-in process until /health answers", async () => {
    const plan = (await planStripeStandIn({}, true, DEV_KEY))!;
    const lines: string[] = [];
    const env = stripeStandInEnv({ PATH: process.env.PATH }, plan, {
      url: "http://127.0.0.1:9/x",
      secret: "whsec_x",
    });
    const child = await startStripeStandInChild(env, (line) => lines.push(line), plan);
    try {
      const events = await fetch(`${plan.url}/v1/events`, { headers: { authorization: "Bearer sk_test_x" } });
      expect(await events.json()).toMatchObject({ object: "list", data: [], has_more: false });
    } finally {
      await child.stop();
    }
    expect(await child.exited).toMatchObject({ code: 0 });
    expect(lines.some((line) => line.startsWith("[stripe] "))).toBe(true);
  }, 30_000);
});
