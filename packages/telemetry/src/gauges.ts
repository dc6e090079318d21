import type { Attributes, BatchObservableCallback, Meter, ObservableGauge } from "@opentelemetry/api";

/** How one gauge is described on /metrics. */
export interface GaugeSpec {
  description: string;
  unit: string;
}

/**
 * Observable gauges made from one table (metric name -> description and unit) and read together by one
 * batch callback, so a single query or pass over a registry answers all of them at a scrape. `read` may
 * be async. Returns the function that detaches the callback.
 */
export function observeGauges<Name extends string>(
  meter: Meter,
  specs: Record<Name, GaugeSpec>,
  read: (observe: (name: Name, value: number, attributes?: Attributes) => void) => void | Promise<void>,
): () => void {
  const gauges = new Map<string, ObservableGauge>(
    Object.entries<GaugeSpec>(specs).map(([name, spec]) => [name, meter.createObservableGauge(name, spec)]),
  );
  const observables = [...gauges.values()];
  const callback: BatchObservableCallback = (result) =>
    read((name, value, attributes) => {
      const gauge = gauges.get(name);
      if (gauge) result.observe(gauge, value, attributes);
    });
  meter.addBatchObservableCallback(callback, observables);
  return () => meter.removeBatchObservableCallback(callback, observables);
}
