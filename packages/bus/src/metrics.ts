import { type Attributes, type Counter, metrics } from "@opentelemetry/api";

/** The bus's meter, looked up per use so a MeterProvider installed after import is honoured. */
export function busMeter() {
  return metrics.getMeter("@mp/bus");
}

/** What a consumer counts, each labelled with the logical consumer and the service. */
export interface ConsumerCounters {
  handled: Counter<Attributes>;
  duplicates: Counter<Attributes>;
  retried: Counter<Attributes>;
  deadLettered: Counter<Attributes>;
  untrusted: Counter<Attributes>;
}

export function consumerCounters(): ConsumerCounters {
  const meter = busMeter();
  return {
    handled: meter.createCounter("bus.consumer.handled", {
      description: "Events whose handler ran and committed",
      unit: "{event}",
    }),
    duplicates: meter.createCounter("bus.consumer.duplicates", {
      description: "Deliveries skipped because the inbox already held the event",
      unit: "{event}",
    }),
    retried: meter.createCounter("bus.consumer.retried", {
      description: "Failed deliveries handed back for a later retry",
      unit: "{event}",
    }),
    deadLettered: meter.createCounter("bus.dead_letters", {
      description: "Events a consumer gave up on and recorded in dead_letters",
      unit: "{event}",
    }),
    untrusted: meter.createCounter("bus.consumer.untrusted", {
      description:
        "Events refused unhandled (and dead-lettered): not published by the owner of their subject",
      unit: "{event}",
    }),
  };
}
