/**
 * Preload that turns telemetry on before anything else is imported, for every process:
 *
 *     node --import tsx --import ./packages/telemetry/src/register.ts services/catalogue/src/main.ts
 *     node --import ./packages/telemetry/dist/register.mjs services/catalogue/dist/main.mjs   (compiled)
 *
 * Instrumentations patch modules as they load, so they must exist before the entry's imports run. pg and
 * node:http are patched through `require`; @grpc/grpc-js is imported from ESM, which only the
 * import-in-the-middle hook sees, so that hook is registered for it alone. The service name is
 * `OTEL_SERVICE_NAME`, else taken from the entry's path (`services/<name>/...`, `gateway/...`); the
 * process's own `startTelemetry` call later returns this same instance. Without OTEL_EXPORTER_OTLP_ENDPOINT
 * only pg and fetch are patched (they also record metrics) and the hook is not registered (see
 * `spanInstrumentationsWanted`). It also applies `SOURCE_MAPS` (see `source-maps.ts`): source-mapped stack
 * traces (which tsx has just turned on) are on only when asked for.
 */
import { register } from "node:module";
import { applySourceMapsSetting } from "./source-maps";

applySourceMapsSetting(process.env);

const otlpEndpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined;
const { spanInstrumentationsWanted } = await import("./instrumentation-policy");
if (spanInstrumentationsWanted({ instrument: true, otlpEndpoint })) {
  register("@opentelemetry/instrumentation/hook.mjs", import.meta.url, {
    data: { include: ["@grpc/grpc-js"] },
  });
}

const { serviceNameOf } = await import("./service-name");
const { startTelemetry } = await import("./sdk");
startTelemetry({
  serviceName: process.env.OTEL_SERVICE_NAME || serviceNameOf(process.argv[1] ?? ""),
  otlpEndpoint,
  instrument: true,
});
