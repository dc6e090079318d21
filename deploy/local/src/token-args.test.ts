import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { DEMO_ORGANISATIONS } from "./demo";
import { REPO_ROOT } from "./paths";
import { MAX_TTL_SECONDS, parseTokenArgs, TOKEN_USAGE, UsageError } from "./token-args";

const org = DEMO_ORGANISATIONS.developer.id;

function usageError(argv: string[]): string {
  try {
    parseTokenArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`expected a usage error for ${argv.join(" ")}`);
}

describe("parseTokenArgs", () => {
  it("reads org, roles, ttl and sub", () => {
    const parsed = parseTokenArgs([
      "--org",
      org.toUpperCase(),
      "--roles",
      "developer,provider",
      "--ttl",
      "90",
    ]);
    expect(parsed).toEqual({ org, roles: ["developer", "provider"], ttlSeconds: 90 });
    expect(parseTokenArgs(["--", "--org", org, "--roles", "admin,admin", "--sub", "ops"])).toEqual({
      org,
      roles: ["admin"],
      sub: "ops",
    });
    expect(parseTokenArgs(["--help"])).toBe("help");
  });

  it.each([
    [[], /--org <uuid> is required/],
    [["--org", "acme", "--roles", "admin"], /--org must be a UUID, got "acme"/],
    [["--org", org], /--roles is required/],
    [["--org", org, "--roles", "developer,root"], /unknown role "root"/],
    [["--org", org, "--roles", "developer,"], /empty entry/],
    [["--org", org, "--roles", "admin", "--ttl", "0"], /--ttl must be whole seconds/],
    [["--org", org, "--roles", "admin", "--ttl", "1.5"], /--ttl must be whole seconds/],
    [["--org", org, "--roles", "admin", "--ttl", String(MAX_TTL_SECONDS + 1)], /--ttl/],
    [["--org", org, "--roles", "admin", "--sub", " "], /--sub must not be empty/],
    [["--org", org, "--roles", "admin", "--org"], /argument missing/],
    [["--org", org, "--roles", "admin", "--role", "x"], /Unknown option '--role'/],
    [["--org", org, "--roles", "admin", "extra"], /positional/],
  ])("rejects %j with one clear line", (argv, message) => {
    const text = usageError(argv as string[]);
    expect(text).toMatch(message);
    expect(text).not.toContain("\n");
  });
});

describe("pnpm token", () => {
  it("exits 2 with one line on stderr and nothing on stdout for bad arguments", () => {
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", "deploy/local/src/token-cli.ts", "--org", "x"],
      {
        cwd: REPO_ROOT,
        encoding: "utf8",
      },
    );
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr.trimEnd().split("\n")).toEqual(['token: --org must be a UUID, got "x"']);
  });
});

describe("./dev token", () => {
  // The README's way to a token: `pnpm token` alone is npm's token manager, so ./dev must run the script.
  it("runs the workspace's token script, not npm's token command", () => {
    const result = spawnSync("./dev", ["token", "--help"], { cwd: REPO_ROOT, encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(TOKEN_USAGE);
  }, 60_000);
});
