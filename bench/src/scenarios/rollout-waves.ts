import pg from "pg";

/**
 * One wave of a finished rollout as the services recorded it (milliseconds since the rollout's 201 was
 * recorded, i.e. its `rollout-created` event): when purchases started it, when the adapter had queued its
 * last platform update, when the adapter saw its last install finish (platform time plus the install
 * poll), when purchases settled its last device (plus NATS and the consumer), and when the next wave (or
 * the rollout's end) followed.
 */
export interface WaveTiming {
  wave: number;
  devices: number;
  startedMs: number;
  /** The wave's first install queued on the platform (claiming, then one QueueInstall). */
  firstQueuedMs: number;
  lastQueuedMs: number;
  lastSeenMs: number;
  lastSettledMs: number;
  nextMs: number;
  /** Median of one install's queued -> seen finished by the adapter, ms. */
  installMedianMs: number;
}

/** Reads the timeline of a rollout from the stack's database (purchases' and the iot-adapter's schemas). */
export async function readWaveTimeline(databaseUrl: string, rolloutId: string): Promise<WaveTiming[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{
      wave: number;
      devices: number;
      started: number;
      first_queued: number;
      last_queued: number;
      last_seen: number;
      last_settled: number;
      next: number;
      install_median: number;
    }>(
      `WITH origin AS (
         SELECT at FROM purchases.rollout_events WHERE rollout_id = $1 AND type = 'rollout-created'),
       starts AS (
         SELECT (data->>'wave')::int AS wave, min(at) AS at FROM purchases.rollout_events
          WHERE rollout_id = $1 AND type = 'wave-started' GROUP BY 1),
       waves AS (
         SELECT d.wave, count(*)::int AS devices, min(i.queued_at) AS first_queued, max(i.queued_at) AS last_queued,
                max(i.updated_at) AS last_seen, max(d.finished_at) AS last_settled,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM i.updated_at - i.queued_at))
                  AS install_median
           FROM purchases.rollout_devices d
           LEFT JOIN iot_adapter.install_updates i ON i.install_id = d.install_id
          WHERE d.rollout_id = $1 AND d.wave IS NOT NULL
          GROUP BY d.wave)
       SELECT w.wave, w.devices,
              extract(epoch FROM s.at - o.at) * 1000 AS started,
              extract(epoch FROM w.first_queued - o.at) * 1000 AS first_queued,
              extract(epoch FROM w.last_queued - o.at) * 1000 AS last_queued,
              extract(epoch FROM w.last_seen - o.at) * 1000 AS last_seen,
              extract(epoch FROM w.last_settled - o.at) * 1000 AS last_settled,
              extract(epoch FROM COALESCE(n.at, r.finished_at, r.updated_at) - o.at) * 1000 AS next,
              w.install_median * 1000 AS install_median
         FROM waves w
         CROSS JOIN origin o
         JOIN purchases.rollouts r ON r.id = $1
         LEFT JOIN starts s ON s.wave = w.wave
         LEFT JOIN starts n ON n.wave = w.wave + 1
        ORDER BY w.wave`,
      [rolloutId],
    );
    return rows.map((r) => ({
      wave: r.wave,
      devices: r.devices,
      startedMs: Number(r.started),
      firstQueuedMs: Number(r.first_queued),
      lastQueuedMs: Number(r.last_queued),
      lastSeenMs: Number(r.last_seen),
      lastSettledMs: Number(r.last_settled),
      nextMs: Number(r.next),
      installMedianMs: Number(r.install_median),
    }));
  } finally {
    await db.end();
  }
}

const s = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : "-");

/** One note line per wave: times after the wave started, and the gap from its last settled device to the next wave. */
export function waveNotes(timeline: readonly WaveTiming[]): string[] {
  return timeline.map((w) => {
    const after = (ms: number) => s(ms - w.startedMs);
    return (
      `wave ${w.wave} (${w.devices} devices) started at ${s(w.startedMs)} s: first queued +${after(w.firstQueuedMs)} s, ` +
      `last queued +${after(w.lastQueuedMs)} s, ` +
      `last seen finished by the adapter +${after(w.lastSeenMs)} s (one install's median ${s(w.installMedianMs)} s), ` +
      `last settled in purchases +${after(w.lastSettledMs)} s, next wave +${after(w.nextMs)} s ` +
      `(gap after the last settled ${s(w.nextMs - w.lastSettledMs)} s)`
    );
  });
}

/** Sums over the waves: waiting after the last queue (platform, poll, NATS, scheduler) and the scheduler's gaps alone. */
export function waveTotals(timeline: readonly WaveTiming[]): {
  afterLastQueuedMs: number;
  deliveryMs: number;
  gapMs: number;
} {
  let afterLastQueuedMs = 0;
  let deliveryMs = 0;
  let gapMs = 0;
  for (const w of timeline) {
    afterLastQueuedMs += Math.max(0, w.nextMs - Math.max(w.lastQueuedMs, w.startedMs));
    deliveryMs += Math.max(0, w.lastSettledMs - w.lastSeenMs);
    gapMs += Math.max(0, w.nextMs - w.lastSettledMs);
  }
  return { afterLastQueuedMs, deliveryMs, gapMs };
}
