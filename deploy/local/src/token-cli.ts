import { signDevToken } from "./dev-keys";
import { parseTokenArgs, TOKEN_USAGE, UsageError } from "./token-args";

/**
 * `pnpm token --org <uuid> --roles developer,provider [--ttl 3600] [--sub x]`: prints one development
 * token on stdout and nothing else, so `TOKEN=$(pnpm -s token ...)` works. Bad arguments exit 2.
 */
async function main(): Promise<number> {
  try {
    const request = parseTokenArgs(process.argv.slice(2));
    if (request === "help") {
      process.stdout.write(`${TOKEN_USAGE}\n`);
      return 0;
    }
    process.stdout.write(`${await signDevToken(request)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`token: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`token: ${(error as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main();
