import { describe, expect, it } from "vitest";
import { externalImports, packageNameOf } from "./externals";

describe("packageNameOf", () => {
  it("names plain and scoped packages, with or without a subpath", () => {
    expect(packageNameOf("pg")).toBe("pg");
    expect(packageNameOf("csv-stringify/sync")).toBe("csv-stringify");
    expect(packageNameOf("@grpc/grpc-js")).toBe("@grpc/grpc-js");
    expect(packageNameOf("@opentelemetry/instrumentation/hook.mjs")).toBe("@opentelemetry/instrumentation");
  });

  it("is undefined for relative paths and Node's own modules", () => {
    expect(packageNameOf("./x")).toBeUndefined();
    expect(packageNameOf("/abs/x.js")).toBeUndefined();
    expect(packageNameOf("node:fs")).toBeUndefined();
  });
});

describe("externalImports", () => {
  it("lists each external package once with the sources importing it, and nothing bundled", () => {
    const metafile = {
      inputs: {
        "packages/db/src/pool.ts": {
          bytes: 1,
          imports: [
            { path: "pg", kind: "import-statement" as const, external: true },
            { path: "packages/db/src/x.ts", kind: "import-statement" as const },
          ],
        },
        "services/a/src/main.ts": {
          bytes: 1,
          imports: [
            { path: "pg", kind: "import-statement" as const, external: true },
            { path: "node:fs", kind: "import-statement" as const, external: true },
            { path: "csv-stringify/sync", kind: "dynamic-import" as const, external: true },
          ],
        },
      },
      outputs: {},
    };
    expect(externalImports(metafile)).toEqual([
      { package: "csv-stringify", importers: ["services/a/src/main.ts"] },
      { package: "pg", importers: ["packages/db/src/pool.ts", "services/a/src/main.ts"] },
    ]);
  });
});
