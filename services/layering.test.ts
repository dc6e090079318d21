import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The layering every service keeps (docs/architecture.md): dependencies point one way, transport ->
 * application -> domain, and infra implements the ports application declares. Production files only:
 * a test may wire real infra into a use case.
 */
const FORBIDDEN: Record<string, readonly string[]> = {
  domain: ["application", "infra", "transport"],
  application: ["infra", "transport"],
  infra: ["transport"],
};

const SERVICES = dirname(fileURLToPath(import.meta.url));

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Every module a file names (imports, re-exports, `import()`), as TypeScript reads them. */
function specifiersOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles.map((f) => f.fileName);
}

/** `layer/...` imports a file of `src` makes across the layers it may not import. */
function violations(src: string): string[] {
  return Object.entries(FORBIDDEN).flatMap(([layer, forbidden]) => {
    const dir = join(src, layer);
    if (!existsSync(dir)) return [];
    return productionFiles(dir).flatMap((file) =>
      specifiersOf(file)
        .filter((spec) => spec.startsWith("."))
        .filter((spec) => {
          const target = relative(src, resolve(dirname(file), spec)).split(/[\\/]/)[0] ?? "";
          return forbidden.includes(target);
        })
        .map((spec) => `${relative(src, file)} -> ${spec}`),
    );
  });
}

const services = readdirSync(SERVICES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(SERVICES, entry.name, "src", "application")))
  .map((entry) => entry.name);

describe("service layering", () => {
  it("finds the services", () => {
    expect(services).toEqual(expect.arrayContaining(["listings", "purchases", "settlements"]));
  });

  it.each(services)(
    "%s: domain imports no other layer, application no infra or transport, infra no transport",
    (service) => {
      expect(violations(join(SERVICES, service, "src"))).toEqual([]);
    },
  );
});
