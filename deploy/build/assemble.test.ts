import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  FORBIDDEN_PACKAGES,
  isRuntimeFile,
  packageDirFrom,
  packageOfStoreEntry,
  resolveExternals,
  storeClosure,
} from "./assemble";

/**
 * A small pnpm-shaped tree: `.pnpm/<id>/node_modules/<name>` holds each package, its dependencies are links
 * beside it; the workspace packages link what they declare.
 */
function pnpmTree(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "assemble-")));
  const store = join(root, "node_modules/.pnpm");
  const addPackage = (id: string, name: string, deps: Record<string, string> = {}) => {
    const dir = join(store, id, "node_modules", name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name }));
    writeFileSync(join(dir, "index.js"), "");
    writeFileSync(join(dir, "index.d.ts"), "");
    for (const [dep, depId] of Object.entries(deps)) {
      const link = join(store, id, "node_modules", dep);
      mkdirSync(join(link, ".."), { recursive: true });
      symlinkSync(join(store, depId, "node_modules", dep), link);
    }
  };
  addPackage("leaf@1.0.0", "leaf");
  addPackage("@types+leaf@1.0.0", "@types/leaf");
  addPackage("@scope+lib@2.0.0", "@scope/lib", { leaf: "leaf@1.0.0", "@types/leaf": "@types+leaf@1.0.0" });
  addPackage("lib@1.0.0", "lib");
  addPackage("lib@2.0.0", "lib");
  addPackage("unused@1.0.0", "unused");
  const link = (project: string, name: string, id: string) => {
    const at = join(root, project, "node_modules", name);
    mkdirSync(join(at, ".."), { recursive: true });
    symlinkSync(join(store, id, "node_modules", name), at);
    mkdirSync(join(root, project, "src"), { recursive: true });
  };
  link("packages/a", "@scope/lib", "@scope+lib@2.0.0");
  link("packages/a", "lib", "lib@1.0.0");
  link("packages/b", "lib", "lib@2.0.0");
  link("services/s", "@scope/lib", "@scope+lib@2.0.0");
  return root;
}

describe("assembling an image's node_modules", () => {
  const root = pnpmTree();
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("resolves a package the way Node does, from the importer's directory up", () => {
    expect(packageDirFrom(join(root, "packages/a/src"), "lib")).toBe(
      join(root, "node_modules/.pnpm/lib@1.0.0/node_modules/lib"),
    );
    expect(packageDirFrom(join(root, "packages/b/src"), "lib")).toBe(
      join(root, "node_modules/.pnpm/lib@2.0.0/node_modules/lib"),
    );
    expect(packageDirFrom(join(root, "services/s/src"), "lib")).toBeUndefined();
  });

  it("takes a package's dependencies along, and neither type declarations nor unrelated packages", () => {
    const lib = packageDirFrom(join(root, "packages/a/src"), "@scope/lib") ?? "";
    const closure = [...storeClosure([lib])].map(packageOfStoreEntry).sort();
    expect(closure).toEqual(["@scope/lib", "leaf"]);
  });

  it("links a package imported from several sources once, when all of them get the same copy", () => {
    const resolved = resolveExternals(root, [
      { package: "@scope/lib", importers: ["packages/a/src/x.ts", "services/s/src/main.ts"] },
    ]);
    expect(resolved.get("@scope/lib")).toBe(
      join(root, "node_modules/.pnpm/@scope+lib@2.0.0/node_modules/@scope/lib"),
    );
  });

  it("refuses a package two sources get in different versions, or one that does not resolve", () => {
    expect(() =>
      resolveExternals(root, [{ package: "lib", importers: ["packages/a/src/x.ts", "packages/b/src/y.ts"] }]),
    ).toThrow(/lib resolves to .*lib@1\.0\.0.* and .*lib@2\.0\.0/);
    expect(() => resolveExternals(root, [{ package: "lib", importers: ["services/s/src/main.ts"] }])).toThrow(
      /lib does not resolve from services\/s\/src\/main.ts/,
    );
  });

  it("copies JavaScript and data, not declarations, TypeScript sources, maps or docs", () => {
    expect(isRuntimeFile("/x/node_modules/pg/lib/index.js")).toBe(true);
    expect(isRuntimeFile("/x/node_modules/pdfkit/js/data/Helvetica.afm")).toBe(true);
    expect(isRuntimeFile("/x/node_modules/zod/index.cjs")).toBe(true);
    for (const file of ["index.d.ts", "index.d.mts", "src/a.ts", "index.js.map", "README.md"]) {
      expect(isRuntimeFile(`/x/node_modules/zod/${file}`)).toBe(false);
    }
    expect(existsSync(root)).toBe(true);
  });

  it("names the store entry's package, scoped or not", () => {
    expect(packageOfStoreEntry("/r/node_modules/.pnpm/@grpc+grpc-js@1.14.7")).toBe("@grpc/grpc-js");
    expect(packageOfStoreEntry("/r/node_modules/.pnpm/pg@8.23.1_pg-native@3.0.0")).toBe("pg");
    expect(FORBIDDEN_PACKAGES).toContain("@mp/testing");
  });
});
