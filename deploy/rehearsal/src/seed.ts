import { join } from "node:path";
import { type DemoCredentials, issueDemoCredentials } from "@mp/local/credentials";
import { type DemoData, seedDemoData } from "@mp/local/demo-data";
import { seedDemoPurchases } from "@mp/local/demo-purchases";
import { DEFAULT_KEYS_DIR } from "@mp/local/dev-keys";
import { DEFAULT_DATA_DIR } from "@mp/local/paths";
import { demoSeed, type SeedDevice } from "@mp/local/simulator";
import { replicaEnv, STRIPE_API_BASE } from "./env";

export const CREDENTIALS_FILE = join(DEFAULT_DATA_DIR, "demo-credentials.json");

export interface DemoSeeded {
  credentials: DemoCredentials;
  data: DemoData;
  stripeWebhookSecret: string;
  /** The simulator's devices (the world it was seeded with). */
  devices: readonly SeedDevice[];
}

/**
 * What `./dev start` does once the stack is ready, against the rehearsal's gateways: demo tokens signed
 * with the development keys for the issuer and audience the gateways' manifests name, written to
 * `.local/demo-credentials.json`; the demo marketplace; the demo purchases and install.
 */
export async function seedDemo(gatewayUrl: string, log: (line: string) => void): Promise<DemoSeeded> {
  const gateway = replicaEnv("gateway", 1);
  const stripeWebhookSecret = replicaEnv("settlements", 1).STRIPE_WEBHOOK_SECRET;
  if (!gateway.AUTH_ISSUER || !gateway.AUTH_AUDIENCE || !stripeWebhookSecret)
    throw new Error("the manifests name no AUTH_ISSUER, AUTH_AUDIENCE or STRIPE_WEBHOOK_SECRET");
  const credentials = await issueDemoCredentials(
    {
      path: CREDENTIALS_FILE,
      keysDir: DEFAULT_KEYS_DIR,
      issuer: gateway.AUTH_ISSUER,
      audience: gateway.AUTH_AUDIENCE,
    },
    { gatewayUrl, stripeWebhookSecret, stripeApiBase: STRIPE_API_BASE },
  );
  const devices = demoSeed().devices;
  // On a fresh cluster a consumer that started before its stream existed waits out a backoff (up to a
  // minute) before it finds it, longer than the seeders wait for an effect. Seeding creates only what
  // is missing, so it is simply run again.
  for (let attempt = 1; ; attempt++) {
    try {
      const data = await seedDemoData(gatewayUrl, credentials);
      await seedDemoPurchases({
        gatewayUrl,
        credentials,
        stripeApiBase: STRIPE_API_BASE,
        devices,
        demo: data,
      });
      return { credentials, data, stripeWebhookSecret, devices };
    } catch (error) {
      if (attempt === SEED_ATTEMPTS) throw error;
      log(`seeding, attempt ${attempt}: ${(error as Error).message}; again`);
    }
  }
}

const SEED_ATTEMPTS = 3;
