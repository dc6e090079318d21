import { describe, expect, it } from "vitest";
import { type WaveTiming, waveNotes, waveTotals } from "./rollout-waves";

const wave = (w: Partial<WaveTiming> & { wave: number }): WaveTiming => ({
  devices: 1,
  startedMs: 0,
  firstQueuedMs: 0,
  lastQueuedMs: 0,
  lastSeenMs: 0,
  lastSettledMs: 0,
  nextMs: 0,
  installMedianMs: 0,
  ...w,
});

describe("rollout wave timeline", () => {
  const timeline = [
    wave({
      wave: 1,
      startedMs: 0,
      lastQueuedMs: 100,
      lastSeenMs: 1_600,
      lastSettledMs: 1_700,
      nextMs: 1_750,
    }),
    wave({
      wave: 2,
      devices: 2,
      startedMs: 1_750,
      firstQueuedMs: 1_800,
      lastQueuedMs: 1_900,
      lastSeenMs: 3_900,
      lastSettledMs: 4_000,
      nextMs: 4_500,
    }),
  ];

  it("sums the wait after each wave's last queue, the delivery and the scheduler's gaps", () => {
    expect(waveTotals(timeline)).toEqual({
      afterLastQueuedMs: 1_650 + 2_600,
      deliveryMs: 100 + 100,
      gapMs: 50 + 500,
    });
  });

  it("counts a wave whose installs were all queued before it started from its start", () => {
    expect(
      waveTotals([wave({ wave: 1, startedMs: 500, lastQueuedMs: 200, nextMs: 900 })]).afterLastQueuedMs,
    ).toBe(400);
  });

  it("writes one line per wave, times after its start", () => {
    const notes = waveNotes(timeline);
    expect(notes).toHaveLength(2);
    expect(notes[1]).toBe(
      "wave 2 (2 devices) started at 1.75 s: first queued +0.05 s, last queued +0.15 s, last seen finished by the adapter +2.15 s " +
        "(one install's median 0.00 s), last settled in purchases +2.25 s, next wave +2.75 s " +
        "(gap after the last settled 0.50 s)",
    );
  });
});
