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

/** Every TypeScript file of a service, tests and scripts included (not its node_modules). */
function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : allFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Service packages by name (`@mp/svc-...`), to catch imports of another service's package. */
const PACKAGES = new Map(
  readdirSync(SERVICES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(SERVICES, entry.name, "package.json")))
    .map((entry) => {
      const { name } = JSON.parse(readFileSync(join(SERVICES, entry.name, "package.json"), "utf8")) as {
        name: string;
      };
      return [name, entry.name] as const;
    }),
);

/** Whether `spec`, imported by `file` under `services/<service>`, names another service's code. */
function isCrossService(service: string, file: string, spec: string): boolean {
  if (spec.startsWith(".")) {
    const [top, target] = relative(SERVICES, resolve(dirname(file), spec)).split(/[\\/]/);
    return top !== ".." && target !== undefined && top !== service;
  }
  const owner = PACKAGES.get(spec.split("/").slice(0, 2).join("/"));
  return owner !== undefined && owner !== service;
}

/** Imports the files under `services/<service>` make of another service, by path or by package. */
function crossServiceImports(service: string): string[] {
  return allFiles(join(SERVICES, service)).flatMap((file) =>
    specifiersOf(file)
      .filter((spec) => isCrossService(service, file, spec))
      .map((spec) => `${relative(SERVICES, file)} -> ${spec}`),
  );
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

  it("tells another service's code, by path or package, from a service's own and from packages", () => {
    const file = join(SERVICES, "catalogue", "src", "catalogue.int.test.ts");
    expect(isCrossService("catalogue", file, "../../publishing/src/module")).toBe(true);
    expect(isCrossService("catalogue", file, "@mp/svc-publishing")).toBe(true);
    expect(isCrossService("catalogue", file, "@mp/svc-publishing/src/module")).toBe(true);
    expect(isCrossService("catalogue", file, "./module")).toBe(false);
    expect(isCrossService("catalogue", file, "@mp/svc-catalogue")).toBe(false);
    expect(isCrossService("catalogue", file, "../../layering.test")).toBe(false);
    expect(isCrossService("catalogue", file, "../../../packages/bus/src")).toBe(false);
    expect(isCrossService("catalogue", file, "@mp/bus")).toBe(false);
  });

  it.each([...PACKAGES.values()])("%s: no file, tests included, imports another service", (service) => {
    expect(crossServiceImports(service)).toEqual([]);
  });
});
