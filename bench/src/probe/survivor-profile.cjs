/**
 * A preload that records what survives young-generation collections (promoted to the old generation or
 * still alive): `NODE_OPTIONS="--require <this file>" SURVIVOR_PROFILE_DIR=<dir>`. From
 * SURVIVOR_PROFILE_START_MS (default 15000) after start, for SURVIVOR_PROFILE_MS (default 10000), it runs
 * V8's sampling heap profiler keeping objects that only a full collection freed and dropping those a
 * scavenge freed, then writes `<dir>/survivors.<pid>.heapprofile` (open it in Chrome DevTools' Memory tab).
 * Sampling changes allocation timing a little: compare runs made with it, not with runs made without.
 */
"use strict";
const dir = process.env.SURVIVOR_PROFILE_DIR;
if (dir) {
  const { Session } = require("node:inspector");
  const { writeFileSync } = require("node:fs");
  const start = Number(process.env.SURVIVOR_PROFILE_START_MS ?? 15000);
  const duration = Number(process.env.SURVIVOR_PROFILE_MS ?? 10000);
  const session = new Session();
  session.connect();
  const options = {
    samplingInterval: 8192,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: false,
  };
  setTimeout(() => {
    session.post("HeapProfiler.enable", () =>
      session.post("HeapProfiler.startSampling", options, () => {
        setTimeout(() => {
          session.post("HeapProfiler.stopSampling", (error, result) => {
            if (error) process.stderr.write(`survivor-profile: ${error.message}\n`);
            else writeFileSync(`${dir}/survivors.${process.pid}.heapprofile`, JSON.stringify(result.profile));
          });
        }, duration).unref();
      }),
    );
  }, start).unref();
}
