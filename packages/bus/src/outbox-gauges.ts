import type { Pool } from "@mp/db";
import type { Logger } from "@mp/logger";
import { observeGauges } from "@mp/telemetry/gauges";
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
  return observeGauges(busMeter(), BUS_TABLE_GAUGES, async (observe) => {
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
      observe("bus.outbox.unsent", Number(figures.unsent), labels);
      observe("bus.outbox.oldest_unsent_age", figures.oldest_age_s ?? 0, labels);
      observe("bus.outbox.parked", Number(figures.parked), labels);
      const letters = await pool.query<{ consumer: string; n: string }>(
        "SELECT consumer, count(*) AS n FROM dead_letters WHERE replayed_at IS NULL GROUP BY consumer",
      );
      for (const row of letters.rows) {
        observe("bus.dead_letters.unresolved", Number(row.n), { ...labels, consumer: row.consumer });
      }
    } catch (error) {
      log.warn({ err: error }, "could not read the bus tables for metrics");
    }
  });
}

const BUS_TABLE_GAUGES = {
  "bus.outbox.unsent": {
    description: "Outbox rows not published yet (parked rows excluded)",
    unit: "{event}",
  },
  "bus.outbox.oldest_unsent_age": {
    description: "Age of the oldest outbox row not published yet (0 when none)",
    unit: "s",
  },
  "bus.outbox.parked": {
    description: "Outbox rows parked after their last failed attempt, waiting for a human",
    unit: "{event}",
  },
  "bus.dead_letters.unresolved": {
    description: "Dead letters recorded and not replayed, per consumer",
    unit: "{event}",
  },
};
