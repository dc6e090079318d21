import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../paths";

/** Metric names as Prometheus renders the OTel instruments the code creates (dots to `_`, counters `_total`). */
function emittedMetrics(): Set<string> {
  const names = new Set<string>();
  const create =
    /create(Counter|Histogram|ObservableGauge|UpDownCounter|ObservableCounter|ObservableUpDownCounter|Gauge)\(\s*[`"]([a-z0-9_.${}]+)[`"]/g;
  // gauges made from a table by `observeGauges` (@mp/telemetry/gauges): `"name": { description: ... }`
  const gaugeTableEntry = /^\s*"([a-z0-9_.]+)":\s*\{\s*description:/gm;
  for (const file of sources(["packages", "gateway/src", "services"])) {
    const text = readFileSync(file, "utf8");
    if (text.includes("observeGauges(")) {
      for (const match of text.matchAll(gaugeTableEntry)) names.add(match[1]!.replace(/\./g, "_"));
    }
    for (const match of text.matchAll(create)) {
      const kind = match[1]!;
      // `rpc.${side}.calls` is made for both sides
      for (const name of expand(match[2]!)) {
        const base = name.replace(/\./g, "_");
        if (kind === "Counter" || kind === "ObservableCounter") names.add(`${base}_total`);
        else if (kind === "Histogram") for (const s of ["_bucket", "_count", "_sum"]) names.add(base + s);
        else names.add(base);
      }
    }
  }
  return names;
}

const SIDE = "$" + "{side}";

function expand(name: string): string[] {
  return name.includes(SIDE) ? ["server", "client"].map((side) => name.replace(SIDE, side)) : [name];
}

function sources(dirs: string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.name === "node_modules") return [];
      const path = join(dir, entry.name);
      return entry.isDirectory()
        ? walk(path)
        : /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)
          ? [path]
          : [];
    });
  return dirs.flatMap((dir) => walk(join(REPO_ROOT, dir)));
}

describe("the Grafana dashboard", () => {
  const dashboard = JSON.parse(
    readFileSync(join(REPO_ROOT, "deploy/grafana/marketplace-dashboard.json"), "utf8"),
  );
  const expressions: string[] = dashboard.panels.flatMap((p: { targets?: { expr: string }[] }) =>
    (p.targets ?? []).map((t) => t.expr),
  );

  it("charts only metrics some process emits, under the names Prometheus gives them", () => {
    const emitted = emittedMetrics();
    const used = new Set(expressions.flatMap((e) => e.match(/\b[a-z][a-z0-9_]*(?=\{)/g) ?? []));
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !emitted.has(name))).toEqual([]);
    // and the dashboard's own metrics (gateway routes, pools) are there already
    for (const name of ["http_server_request_duration_bucket", "db_pool_waiting", "db_pool_size"])
      expect(emitted.has(name), name).toBe(true);
  });

  it("covers routes, RPCs, pools, the outbox and dead letters", () => {
    const all = expressions.join("\n");
    for (const name of [
      "http_server_request_duration_bucket",
      "rpc_server_call_duration_bucket",
      "db_pool_waiting",
      "bus_outbox_unsent",
      "bus_outbox_oldest_unsent_age",
      "bus_outbox_parked",
      "bus_dead_letters_unresolved",
    ])
      expect(all).toContain(name);
  });
});
