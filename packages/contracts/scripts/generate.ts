/**
 * Regenerates the committed TypeScript types for every proto under proto/ with proto-loader-gen-types,
 * using the same loader options as `@mp/grpc`. `--check` fails when the committed types are stale.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const protoRoot = join(root, "proto");
const outDir = join(root, "packages/contracts/src/generated");
const require = createRequire(join(root, "packages/grpc/package.json"));
const bin = join(
  dirname(require.resolve("@grpc/proto-loader/package.json")),
  "build/bin/proto-loader-gen-types.js",
);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : path.endsWith(".proto") ? [path] : [];
  });
}

function generate(target: string) {
  const protos = walk(protoRoot)
    .map((p) => relative(protoRoot, p))
    .sort();
  execFileSync(
    process.execPath,
    [
      bin,
      // file names first: yargs lets an array option (--includeDirs) swallow what follows it
      ...protos,
      "--longs=String",
      "--enums=String",
      "--defaults",
      "--oneofs",
      "--grpcLib=@grpc/grpc-js",
      `--outDir=${target}`,
      "--includeComments",
      `--includeDirs=${protoRoot}`,
    ],
    { stdio: "inherit" },
  );
  // The generator writes absolute proto paths into comments; keep the output independent of the checkout.
  for (const file of walk2(target)) {
    const text = readFileSync(file, "utf8");
    const portable = text.replaceAll(`${protoRoot}/`, "proto/");
    if (portable !== text) writeFileSync(file, portable);
  }
}

function snapshot(dir: string): Map<string, string> {
  return new Map(walk2(dir).map((p) => [relative(dir, p), readFileSync(p, "utf8")]));
}
function walk2(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk2(path) : [path];
  });
}

if (process.argv.includes("--check")) {
  const tmp = mkdtempSync(join(tmpdir(), "mp-proto-"));
  try {
    generate(tmp);
    const fresh = snapshot(tmp);
    const committed = snapshot(outDir);
    const stale = [...new Set([...fresh.keys(), ...committed.keys()])].filter(
      (k) => fresh.get(k) !== committed.get(k),
    );
    if (stale.length > 0) {
      console.error(
        `Generated gRPC types are stale (${stale.join(", ")}). Run \`pnpm proto:gen\` and commit.`,
      );
      process.exit(1);
    }
    console.log("Generated gRPC types are up to date.");
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
} else {
  rmSync(outDir, { recursive: true, force: true });
  generate(outDir);
}
