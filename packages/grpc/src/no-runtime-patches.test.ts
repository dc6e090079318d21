import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const SOURCE = new URL("./", import.meta.url);
const sources = readdirSync(SOURCE)
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => ({ file, text: readFileSync(new URL(file, SOURCE), "utf8") }));

/** What patching Node's or grpc-js's internals takes: the runtime tuning preload holds all of it (ADR 0005). */
const PATCHING = [
  /@mp\/runtime-tuning/,
  /["']node:http2["']/,
  /@grpc\/grpc-js\/build\//,
  /getOwnPropertySymbols/,
  /PerformanceObserver/,
  /AsyncResource\.prototype/,
];

describe("@mp/grpc", () => {
  it("touches no private field of Node or grpc-js and imports nothing from the runtime tuning", () => {
    expect(sources.length).toBeGreaterThan(5);
    const found = sources.flatMap(({ file, text }) =>
      PATCHING.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: ${pattern}`),
    );
    expect(found).toEqual([]);
  });
});
