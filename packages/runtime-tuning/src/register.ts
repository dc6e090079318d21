/**
 * Preload that tunes the runtime for the whole process before the entry's imports run (ADR 0005):
 *
 *     node --import tsx --import ./packages/runtime-tuning/src/register.ts \
 *       --import ./packages/telemetry/src/register.ts services/catalogue/src/main.ts
 *
 * `RUNTIME_TUNING=off` leaves the process untouched; `RUNTIME_TUNING_SKIP=<names>` leaves those tunings
 * out (`TUNINGS` in switch.ts). Its log lines carry the service name telemetry uses
 * (`OTEL_SERVICE_NAME`, else the entry's path).
 */
import { runtimeTuningSkips, runtimeTuningSwitch } from "./switch";

// Both read first, so a wrong value stops the process at start whatever the other says.
const skip = runtimeTuningSkips(process.env);
if (runtimeTuningSwitch(process.env) === "on") {
  const { createLogger } = await import("@mp/logger");
  const { serviceNameOf } = await import("@mp/telemetry/service-name");
  const { installRuntimeTuning } = await import("./install");
  const service = process.env.OTEL_SERVICE_NAME || serviceNameOf(process.argv[1] ?? "");
  await installRuntimeTuning({ logger: createLogger({ service }), skip });
}
