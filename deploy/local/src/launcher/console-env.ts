import { existsSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../paths";
import type { Env } from "./targets";

/** Where `pnpm console:build` writes the web console. */
export const CONSOLE_DIST = join(REPO_ROOT, "apps", "console", "dist");

/**
 * The gateway's console keys: the built console when there is one (or `CONSOLE_DIST` as given), and, in
 * development, the credentials file whose demo tokens the console's sign-in picker offers.
 */
export function consoleEnv(env: Env, gateway: Env, credentialsFile: string): Env {
  const dist = env.CONSOLE_DIST || (existsSync(join(CONSOLE_DIST, "index.html")) ? CONSOLE_DIST : undefined);
  const development = (gateway.NODE_ENV ?? "development") === "development";
  return {
    ...(dist ? { CONSOLE_DIST: dist } : {}),
    ...(development && !env.CONSOLE_OIDC_ISSUER ? { CONSOLE_DEMO_CREDENTIALS_FILE: credentialsFile } : {}),
  };
}
