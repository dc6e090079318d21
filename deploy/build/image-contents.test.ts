import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN_PACKAGES, planImage } from "./assemble";
import { buildEntry } from "./build";
import { buildEntries } from "./entries";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const TARGETS = buildEntries(ROOT)
  .map((entry) => entry.name)
  .filter((name) => !["runtime-tuning-preload", "telemetry-preload", "healthcheck"].includes(name));

/**
 * The images' node_modules, as deploy/build/assemble.ts would copy them from this workspace: no test, build
 * or development tool may be among them (a production source importing one would bring it in).
 */
describe("what each image's node_modules holds", () => {
  beforeAll(async () => {
    for (const entry of buildEntries(ROOT)) await buildEntry(ROOT, entry);
  }, 60_000);

  it("covers every service, the gateway and the simulator", () => {
    expect(TARGETS).toEqual(expect.arrayContaining(["catalogue", "settlements", "gateway", "simulator"]));
    expect(TARGETS).toHaveLength(10);
  });

  it.each(TARGETS)("%s: only production packages", (name) => {
    let packages: string[] = [];
    try {
      packages = planImage(ROOT, name).packages;
    } catch (error) {
      // planImage refuses forbidden packages itself; report which, as the assertion below would.
      expect(String(error)).not.toMatch(/forbidden packages/);
      throw error;
    }
    expect(packages.filter((pkg) => FORBIDDEN_PACKAGES.includes(pkg))).toEqual([]);
    expect(packages.filter((pkg) => pkg.startsWith("@mp/") || pkg.startsWith("@types/"))).toEqual([]);
    if (name !== "simulator") expect(packages).toContain("@opentelemetry/api");
  });

  it.each(TARGETS.filter((name) => name !== "simulator"))(
    "%s: carries both preloads and the grpc-js the runtime tuning patches",
    (name) => {
      const plan = planImage(ROOT, name);
      expect(plan.files).toEqual(
        expect.arrayContaining([
          "packages/runtime-tuning/dist/register.mjs",
          "packages/telemetry/dist/register.mjs",
        ]),
      );
      expect(plan.packages).toContain("@grpc/grpc-js");
    },
  );
});
