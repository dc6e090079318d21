/**
 * The Infuse-IoT simulator's programmatic API: start one on a free port with your own seed (or the demo
 * one), point the iot-adapter at `url`, drive updates and outages through `url + "/__simulator/..."`.
 * See docs/infuse-iot-simulator.md.
 */
export type * from "./api-types";
export { DEMO_APPLICATIONS, DEMO_BOARDS, demoSeed } from "./demo-seed";
export { crc16, makeRelease, mismatchFile, releaseBytes } from "./release-binary";
export { applicationStateFor, formatVersion, type Seed, type SeedDevice, type SeedRelease } from "./seed";
export { type RunningSimulator, type SimulatorOptions, startSimulator } from "./server";
