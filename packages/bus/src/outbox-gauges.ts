import type { Pool } from "@mp/db";
import type { Logger } from "@mp/logger";
import type { BatchObservableCallback } from "@opentelemetry/api";
import { busMeter } from "./metrics";

interface OutboxFigures {
  schema: string;
  unsent: string;
  oldest_age_s: number | null;
  parked: string;
}

/**
 * Observable gauges read from this schema's bus tables when metrics are collected (a scrape), labelled
 * with the service and the schema: unsent outbox rows, the age of the oldest one, parked rows, and dead
 * letters not replayed yet per consumer. An outbox that stops draining shows as a growing age long
 * before anyone notices missing effects. Returns the function that detaches them.
 */
export function observeBusTables(pool: Pool, service: string, log: Logger): () => void {
  const meter = busMeter();
  const unsent = meter.createObservableGauge("bus.outbox.unsent", {
    description: "Outbox rows not published yet (parked rows excluded)",
    unit: "{event}",
  });
  const oldest = meter.createObservableGauge("bus.outbox.oldest_unsent_age", {
    description: "Age of the oldest outbox row not published yet (0 when none)",
    unit: "s",
  });
  const parked = meter.createObservableGauge("bus.outbox.parked", {
    description: "Outbox rows parked after their last failed attempt, waiting for a human",
    unit: "{event}",
  });
  const deadLetters = meter.createObservableGauge("bus.dead_letters.unresolved", {
    description: "Dead letters recorded and not replayed, per consumer",
    unit: "{event}",
  });
  const callback: BatchObservableCallback = async (result) => {
    try {
      const { rows } = await pool.query<OutboxFigures>(
        `SELECT coalesce(current_schema(), '') AS schema,
           count(*) FILTER (WHERE parked_at IS NULL) AS unsent,
           extract(epoch FROM now() - min(created_at) FILTER (WHERE parked_at IS NULL))::float8 AS oldest_age_s,
           count(*) FILTER (WHERE parked_at IS NOT NULL) AS parked
         FROM outbox WHERE sent_at IS NULL`,
      );
      const figures = rows[0];
      if (!figures) return;
      const labels = { service, schema: figures.schema };
      result.observe(unsent, Number(figures.unsent), labels);
      result.observe(oldest, figures.oldest_age_s ?? 0, labels);
      result.observe(parked, Number(figures.parked), labels);
      const letters = await pool.query<{ consumer: string; n: string }>(
        "SELECT consumer, count(*) AS n FROM dead_letters WHERE replayed_at IS NULL GROUP BY consumer",
      );
      for (const row of letters.rows) {
        result.observe(deadLetters, Number(row.n), { ...labels, consumer: row.consumer });
      }
    } catch (error) {
      log.warn({ err: error }, "could not read the bus tables for metrics");
    }
  };
  meter.addBatchObservableCallback(callback, [unsent, oldest, parked, deadLetters]);
  return () => meter.removeBatchObservableCallback(callback, [unsent, oldest, parked, deadLetters]);
}
