import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { externalPackagesPlugin, rewriteImportMetaUrl, sourceUrlPlugin } from "./source-url";

describe("rewriteImportMetaUrl", () => {
  it("points import.meta.url at the source file, relative to the bundle", () => {
    const text = 'const dir = new URL("../migrations", import.meta.url);';
    expect(rewriteImportMetaUrl(text, "/r/packages/grpc/src/loader.ts", "/r/services/a/dist/main.mjs")).toBe(
      'const dir = new URL("../migrations", new URL("../../../packages/grpc/src/loader.ts", import.meta.url).href);',
    );
  });
});

describe("a bundle built with the plugins", () => {
  const root = mkdtempSync(join(tmpdir(), "source-url-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("finds files beside its sources and leaves third-party packages to node_modules", async () => {
    // packages/lib reads data beside itself; the service imports it and a package from node_modules.
    mkdirSync(join(root, "packages/lib/src"), { recursive: true });
    mkdirSync(join(root, "packages/lib/data"), { recursive: true });
    writeFileSync(join(root, "packages/lib/data/greeting.txt"), "hello from lib");
    writeFileSync(
      join(root, "packages/lib/src/read.ts"),
      'import { readFileSync } from "node:fs";\n' +
        'export const greeting = (): string => readFileSync(new URL("../data/greeting.txt", import.meta.url), "utf8");\n',
    );
    mkdirSync(join(root, "node_modules/third-party"), { recursive: true });
    writeFileSync(
      join(root, "node_modules/third-party/package.json"),
      '{"name":"third-party","main":"index.js"}',
    );
    writeFileSync(join(root, "node_modules/third-party/index.js"), "module.exports = { where: __filename };");
    mkdirSync(join(root, "services/a/src"), { recursive: true });
    writeFileSync(
      join(root, "services/a/src/main.ts"),
      'import thirdParty from "third-party";\nimport { greeting } from "../../../packages/lib/src/read.ts";\n' +
        "console.log(JSON.stringify({ greeting: greeting(), thirdParty: thirdParty.where }));\n",
    );
    const outfile = join(root, "services/a/dist/main.mjs");
    await build({
      absWorkingDir: root,
      entryPoints: [join(root, "services/a/src/main.ts")],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      logLevel: "silent",
      plugins: [externalPackagesPlugin, sourceUrlPlugin(outfile)],
    });
    const printed = JSON.parse(execFileSync(process.execPath, [outfile], { encoding: "utf8" }));
    expect(printed.greeting).toBe("hello from lib");
    expect(printed.thirdParty).toBe(join(root, "node_modules/third-party/index.js"));
  });
});
