import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from "@opentelemetry/sdk-metrics";
import { describe, expect, it } from "vitest";
import { observeGauges } from "./gauges";

/** A private meter provider and a way to read what one collection observed, gauge by gauge. */
function meterUnderTest() {
  const reader = new PeriodicExportingMetricReader({
    exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE),
    exportIntervalMillis: 3_600_000,
  });
  const provider = new MeterProvider({ readers: [reader] });
  const collect = async () => {
    const { resourceMetrics } = await reader.collect();
    const points: Record<string, { value: number; attributes: Record<string, unknown> }[]> = {};
    for (const metric of resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics)) {
      points[metric.descriptor.name] = metric.dataPoints.map((p) => ({
        value: p.value as number,
        attributes: p.attributes,
      }));
    }
    return {
      points,
      units: resourceMetrics.scopeMetrics.flatMap((s) => s.metrics.map((m) => m.descriptor.unit)),
    };
  };
  return { meter: provider.getMeter("test"), collect, shutdown: () => provider.shutdown() };
}

describe("observeGauges", () => {
  it("reports every gauge of the table from one read, with its unit, until detached", async () => {
    const { meter, collect, shutdown } = meterUnderTest();
    let reads = 0;
    const detach = observeGauges(
      meter,
      {
        "test.size": { description: "size", unit: "{thing}" },
        "test.age": { description: "age", unit: "s" },
      },
      async (observe) => {
        reads++;
        observe("test.size", 3, { pool: "a" });
        observe("test.size", 5, { pool: "b" });
        observe("test.age", 1.5);
      },
    );
    const first = await collect();
    expect(reads).toBe(1);
    expect(first.points["test.size"]).toEqual([
      { value: 3, attributes: { pool: "a" } },
      { value: 5, attributes: { pool: "b" } },
    ]);
    expect(first.points["test.age"]).toEqual([{ value: 1.5, attributes: {} }]);
    expect(first.units.sort()).toEqual(["s", "{thing}"]);

    detach();
    await collect();
    expect(reads).toBe(1);
    await shutdown();
  });
});
