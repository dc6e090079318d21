import { writeFile } from "node:fs/promises";
import { DEMO_ORGANISATIONS, type DemoKind } from "../demo";
import { signDevToken } from "../dev-keys";

export type DemoCredentials = Record<DemoKind, { token: string; organisationId: string }>;

/** Demo tokens last a working day, so one launcher run serves a day of poking at the API. */
export const DEMO_TOKEN_TTL_SECONDS = 24 * 3600;

/** What `pnpm pay` needs besides the tokens: where to send notifications and the secret to sign them. */
export interface DemoEndpoints {
  gatewayUrl: string;
  /** The secret settlements verifies `Stripe-Signature` with (the first, when it has several). */
  stripeWebhookSecret: string;
  /** The Stripe stand-in settlements calls (`STRIPE_API_BASE`); absent when it calls Stripe itself. */
  stripeApiBase?: string | undefined;
  /** The stack's PostgreSQL (`pnpm pay reconcile` runs a pass over settlements' schema). */
  databaseUrl?: string;
}

/**
 * Signs a token for each demo organisation with its one role and writes them to `path` (0600: they are
 * bearer credentials) in the shape tests and scripts read: `{ developer: { token, organisationId }, ...,
 * gatewayUrl, stripeWebhookSecret }`.
 */
export async function issueDemoCredentials(
  input: {
    path: string;
    keysDir: string;
    issuer: string;
    audience: string;
  },
  endpoints: DemoEndpoints,
): Promise<DemoCredentials> {
  const entries = await Promise.all(
    (Object.keys(DEMO_ORGANISATIONS) as DemoKind[]).map(async (kind) => {
      const organisation = DEMO_ORGANISATIONS[kind];
      const token = await signDevToken({
        org: organisation.id,
        roles: organisation.roles,
        sub: `demo-${kind}`,
        ttlSeconds: DEMO_TOKEN_TTL_SECONDS,
        issuer: input.issuer,
        audience: input.audience,
        keysDir: input.keysDir,
      });
      return [kind, { token, organisationId: organisation.id }] as const;
    }),
  );
  const credentials = Object.fromEntries(entries) as DemoCredentials;
  await writeFile(input.path, `${JSON.stringify({ ...credentials, ...endpoints }, null, 2)}\n`, {
    mode: 0o600,
  });
  return credentials;
}

/** What a person needs after `pnpm start`: where the API is, who they can be, and one request to try. */
export function readyBanner(gatewayUrl: string, credentials: DemoCredentials, path: string): string[] {
  return [
    "",
    `Marketplace API: ${gatewayUrl}  (OpenAPI: ${gatewayUrl}/openapi.json, docs: ${gatewayUrl}/docs)`,
    `Demo credentials (valid 24 h): ${path}`,
    ...(Object.keys(credentials) as DemoKind[]).flatMap((kind) => [
      `  ${kind.padEnd(9)} org ${credentials[kind].organisationId}`,
      `            token ${credentials[kind].token}`,
    ]),
    "Try:",
    `  curl -H "Authorization: Bearer ${credentials.admin.token}" "${gatewayUrl}/marketplace/instances?page=1&pageSize=20"`,
    "Ctrl-C stops everything.",
    "",
  ];
}
