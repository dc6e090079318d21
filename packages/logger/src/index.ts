import { trace } from "@opentelemetry/api";
import { type DestinationStream, type Logger, pino } from "pino";

export type { Logger };

/**
 * JSON logs, one line per event, with the active trace and span ids mixed in so a log line can be found
 * from a trace and back. Request ids are added by child loggers (`logger.child({ requestId })`).
 */
export function createLogger(options: {
  service: string;
  level?: string;
  destination?: DestinationStream;
}): Logger {
  const config = {
    name: options.service,
    level: options.level ?? process.env.LOG_LEVEL ?? "info",
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { traceId, spanId };
    },
    redact: {
      paths: ["req.headers.authorization", "req.headers['x-api-key']", "*.password", "*.secret", "*.token"],
      censor: "[redacted]",
    },
  } satisfies pino.LoggerOptions;
  return options.destination ? pino(config, options.destination) : pino(config);
}

/** Logger for tests: silent unless LOG_LEVEL is set. */
export function testLogger(service = "test"): Logger {
  return createLogger({ service, level: process.env.LOG_LEVEL ?? "silent" });
}
