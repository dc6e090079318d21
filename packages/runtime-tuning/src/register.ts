/**
 * Preload that tunes the runtime for the whole process before the entry's imports run (ADR 0005):
 *
 *     node --import tsx --import ./packages/runtime-tuning/src/register.ts \
 *       --import ./packages/telemetry/src/register.ts services/catalogue/src/main.ts
 *
 * `RUNTIME_TUNING=off` leaves the process untouched. Its log lines carry the service name telemetry uses
 * (`OTEL_SERVICE_NAME`, else the entry's path).
 */
import { runtimeTuningSwitch } from "./switch";

if (runtimeTuningSwitch(process.env) === "on") {
  const { createLogger } = await import("@mp/logger");
  const { serviceNameOf } = await import("@mp/telemetry/service-name");
  const { installRuntimeTuning } = await import("./install");
  const service = process.env.OTEL_SERVICE_NAME || serviceNameOf(process.argv[1] ?? "");
  await installRuntimeTuning({ logger: createLogger({ service }) });
}
