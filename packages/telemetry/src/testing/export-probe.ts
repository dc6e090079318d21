/**
 * Child process for `export.test.ts`: starts telemetry from its environment as a service would, records a
 * span and a metric, flushes by shutting down, and reports on stdout every outbound connection attempted
 * and how long the shutdown took.
 */
import net from "node:net";
import { metrics, trace } from "@opentelemetry/api";
import { startTelemetry } from "../sdk";

const attempts: string[] = [];
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
  // net normalises its arguments to `[[options, callback]]` on some paths.
  const raw = Array.isArray(args[0]) ? args[0][0] : args[0];
  const target = raw as { host?: string; port?: number; path?: string } | number;
  attempts.push(
    typeof target === "object"
      ? (target.path ?? `${target.host ?? "localhost"}:${target.port}`)
      : String(target),
  );
  return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof connect;

const telemetry = startTelemetry({
  serviceName: "export-probe",
  otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
});
metrics.getMeter("probe").createCounter("probe.events").add(3);
trace.getTracer("probe").startSpan("probe-span").end();
const shutdownStarted = performance.now();
await telemetry.shutdown();
const shutdownMs = Math.round(performance.now() - shutdownStarted);
process.stdout.write(`${JSON.stringify({ attempts, shutdownMs })}\n`);
// As a service does: an export still waiting on a silent collector must not keep the process alive.
process.exit(0);
