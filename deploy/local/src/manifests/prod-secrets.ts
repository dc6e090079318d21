import { SERVICE_NAMES } from "@mp/config";

/**
 * The Secrets the prod overlay reads but does not render (the operator creates them; deploy/README.md lists
 * them), by name, with well-formed stand-in values: what a manifest test needs to build a pod's environment.
 */
export const PROD_SECRETS: Record<string, Record<string, string>> = {
  "marketplace-database": { DATABASE_URL: "postgres://marketplace:secret@10.20.0.5:5432/marketplace" },
  "marketplace-object-storage": { S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "secret" },
  "settlements-stripe": { STRIPE_WEBHOOK_SECRET: "whsec_prodexample", STRIPE_API_KEY: "sk_live_example" },
  "iot-adapter-infuse": { INFUSE_API_KEY: "ik_live_example" },
  "webhooks-secret-key": {
    WEBHOOK_SECRET_KEY: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
  },
  ...Object.fromEntries(
    SERVICE_NAMES.map((name) => [`${name}-nats`, { NATS_URL: `nats://${name}:secret@nats:4222` }]),
  ),
};
