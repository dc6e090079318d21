import {
  mkdirSync,
  mkdtempSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BuildEntry } from "./entries";
import { linkInPlace, STAMP_FILE, staleReason } from "./local-bundles";

let root: string;
const entry: BuildEntry = { name: "x", source: "packages/x/src/main.ts", output: "packages/x/dist/main.mjs" };

function write(path: string, text: string, mtime?: Date): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (mtime) utimesSync(file, mtime, mtime);
}

const hourAgo = new Date(Date.now() - 3_600_000);
const minuteAgo = new Date(Date.now() - 60_000);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "local-bundles-"));
  write("pnpm-lock.yaml", "lockfileVersion: 9\n", hourAgo);
  write("packages/x/src/main.ts", "export {};\n", hourAgo);
  write(entry.output, "export {};\n", minuteAgo);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("staleReason", () => {
  const stamp = (inputs: string[]) => write(STAMP_FILE, JSON.stringify({ inputs }), minuteAgo);

  it("is undefined when the stamp is newer than every source it lists and the lockfile", () => {
    stamp(["packages/x/src/main.ts"]);
    expect(staleReason(root, [entry])).toBeUndefined();
  });

  it("names what makes the bundles stale: no stamp, a missing bundle, a changed or removed source, the lockfile", () => {
    expect(staleReason(root, [entry])).toBe("never built in place");
    stamp(["packages/x/src/main.ts"]);
    rmSync(join(root, entry.output));
    expect(staleReason(root, [entry])).toBe("packages/x/dist/main.mjs is missing");
    write(entry.output, "export {};\n");
    write("packages/x/src/main.ts", "export const changed = 1;\n");
    expect(staleReason(root, [entry])).toBe("packages/x/src/main.ts changed");
    stamp(["packages/x/src/gone.ts"]);
    expect(staleReason(root, [entry])).toBe("packages/x/src/gone.ts is gone");
    stamp([]);
    write("pnpm-lock.yaml", "lockfileVersion: 9\n# changed\n");
    expect(staleReason(root, [entry])).toBe("pnpm-lock.yaml changed");
  });
});

describe("linkInPlace", () => {
  it("links each package the bundle imports beside it, to the directory its importing source resolves", () => {
    // pnpm's layout: the package in the store, linked only beside the workspace package that declares it.
    const store = join(root, "node_modules/.pnpm/@scope+dep@1.0.0/node_modules/@scope/dep");
    write(
      "node_modules/.pnpm/@scope+dep@1.0.0/node_modules/@scope/dep/package.json",
      '{"name":"@scope/dep"}',
    );
    mkdirSync(join(root, "packages/y/node_modules/@scope"), { recursive: true });
    symlinkSync(store, join(root, "packages/y/node_modules/@scope/dep"));
    write("packages/y/src/uses-dep.ts", 'import "@scope/dep";\n');
    write(
      "packages/x/dist/main.externals.json",
      JSON.stringify([{ package: "@scope/dep", importers: ["packages/y/src/uses-dep.ts"] }]),
    );

    linkInPlace(root, entry);
    const link = join(root, "packages/x/dist/node_modules/@scope/dep");
    expect(realpathSync(link)).toBe(realpathSync(store));
    // Linking again (a later build) replaces the link rather than failing on it.
    linkInPlace(root, entry);
    expect(readlinkSync(link)).toBe(realpathSync(store));
  });
});
