import { parseOptions, UsageError } from "./cli-args";
import { type DevTokenInput, isRole, isUuid, ROLES, type Role } from "./dev-keys";

export { UsageError };

export const TOKEN_USAGE =
  "usage: pnpm -s token --org <uuid> --roles developer[,provider,admin] [--ttl <seconds>] [--sub <subject>]";

/** Longest lifetime the CLI signs: a development token that outlives a month is a mistake, not a need. */
export const MAX_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Turns `pnpm token` arguments into a token request, or "help". Every mistake becomes one UsageError
 * naming the option, so the CLI never signs a token for an org or role the user did not mean.
 */
export function parseTokenArgs(argv: readonly string[]): DevTokenInput | "help" {
  const values = parseOptions(argv, {
    org: { type: "string" },
    roles: { type: "string" },
    ttl: { type: "string" },
    sub: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  if (values.org === undefined) throw new UsageError("--org <uuid> is required");
  if (!isUuid(values.org)) throw new UsageError(`--org must be a UUID, got "${values.org}"`);
  if (values.roles === undefined) throw new UsageError(`--roles is required (any of ${ROLES.join(", ")})`);
  const input: DevTokenInput = { org: values.org.toLowerCase(), roles: parseRoles(values.roles) };
  if (values.ttl !== undefined) input.ttlSeconds = parseTtl(values.ttl);
  if (values.sub !== undefined) {
    if (values.sub.trim() === "") throw new UsageError("--sub must not be empty");
    input.sub = values.sub;
  }
  return input;
}

function parseRoles(raw: string): Role[] {
  const names = raw.split(",").map((name) => name.trim());
  if (names.some((name) => name === "")) throw new UsageError(`--roles has an empty entry: "${raw}"`);
  const unknown = names.filter((name) => !isRole(name));
  if (unknown.length > 0) {
    throw new UsageError(`--roles has unknown role "${unknown[0]}" (expected ${ROLES.join(", ")})`);
  }
  return [...new Set(names as Role[])];
}

function parseTtl(raw: string): number {
  const seconds = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(seconds > 0 && seconds <= MAX_TTL_SECONDS)) {
    throw new UsageError(`--ttl must be whole seconds between 1 and ${MAX_TTL_SECONDS}, got "${raw}"`);
  }
  return seconds;
}
