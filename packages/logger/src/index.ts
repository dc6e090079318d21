import { createRequire } from "node:module";
import { trace } from "@opentelemetry/api";
import { type DestinationStream, type Logger, pino } from "pino";

export type { Logger };

/** `json`: one JSON object per line, for machines (the default). `pretty`: one readable line per event. */
export type LogFormat = "json" | "pretty";

/** The format `LOG_FORMAT` names; anything but `pretty` is JSON, so a typo never hides a production log. */
export function logFormatFrom(value: string | undefined): LogFormat {
  return value === "pretty" ? "pretty" : "json";
}

/**
 * Errors under any of these keys go through pino's error serializer (type, message, stack, code and the
 * error's own fields), never as the raw object: a driver error can hold its client and connection state.
 */
const ERROR_KEYS = ["err", "error", "reason", "cause"] as const;
const serializers = Object.fromEntries(ERROR_KEYS.map((key) => [key, serializeError]));

function serializeError(value: unknown): unknown {
  return value instanceof Error ? pino.stdSerializers.err(value) : value;
}

/**
 * Readable single lines for local runs (the launcher prefixes each with the process's name, so service,
 * pid and host are left out), written synchronously so nothing is lost when a process exits.
 */
function prettyDestination(out: DestinationStream | undefined): DestinationStream {
  const load = createRequire(import.meta.url);
  const pretty = load("pino-pretty") as (options: Record<string, unknown>) => DestinationStream;
  return pretty({
    sync: true,
    singleLine: true,
    colorize: false,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,service,name",
    destination: out ?? 1,
  });
}

/**
 * Logs, one line per event (JSON unless `format` or `LOG_FORMAT` says `pretty`), with the active trace and
 * span ids mixed in so a log line can be found from a trace and back. Request ids are added by child
 * loggers (`logger.child({ requestId })`).
 */
export function createLogger(options: {
  service: string;
  level?: string;
  format?: LogFormat;
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
    serializers,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers['x-api-key']",
        "req.headers['stripe-signature']",
        "*.password",
        "*.secret",
        "*.token",
        "*.connectionString",
      ],
      censor: "[redacted]",
    },
  } satisfies pino.LoggerOptions;
  const format = options.format ?? logFormatFrom(process.env.LOG_FORMAT);
  const destination = format === "pretty" ? prettyDestination(options.destination) : options.destination;
  return destination ? pino(config, destination) : pino(config);
}

/** Logger for tests: silent unless LOG_LEVEL is set. */
export function testLogger(service = "test"): Logger {
  return createLogger({ service, level: process.env.LOG_LEVEL ?? "silent" });
}

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
type Bindings = pino.Bindings;

/**
 * A child logger that is made only when it first writes a line (or is asked for something only a real
 * child has). Until then it holds the bindings, and `setBindings` just adds to them, so a request that
 * logs nothing (most of them, below `info`) costs no pino child and no bindings serialised per request.
 * Its lines are those of `parent.child(bindings)` with the later bindings set on it, each key once.
 */
export interface DeferredChildLogger {
  level: string;
  fatal: pino.LogFn;
  error: pino.LogFn;
  warn: pino.LogFn;
  info: pino.LogFn;
  debug: pino.LogFn;
  trace: pino.LogFn;
  silent: pino.LogFn;
  isLevelEnabled(level: string): boolean;
  setBindings(bindings: Bindings): void;
  bindings(): Bindings;
  child(bindings: Bindings, options?: pino.ChildLoggerOptions): Logger;
}

class Deferred {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private pending: Bindings,
  ) {}

  /** The real child, made on first need. */
  get logger(): Logger {
    this.made ??= this.parent.child(this.pending);
    return this.made;
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }

  setBindings(bindings: Bindings): void {
    if (this.made) this.made.setBindings(bindings);
    else this.pending = { ...this.pending, ...bindings };
  }

  bindings(): Bindings {
    return this.logger.bindings();
  }

  child(bindings: Bindings, options?: pino.ChildLoggerOptions): Logger {
    return options ? this.logger.child(bindings, options) : this.logger.child(bindings);
  }

  silent(): void {}
}

for (const level of ["fatal", "error", "warn", "info", "debug", "trace"] satisfies Level[]) {
  Object.defineProperty(Deferred.prototype, level, {
    value: function write(this: Deferred, ...args: Parameters<pino.LogFn>) {
      if (this.isLevelEnabled(level)) this.logger[level](...args);
    },
  });
}

/** `parent.child(bindings)`, made only once a line is written through it (see `DeferredChildLogger`). */
export function deferredChild(parent: Logger, bindings: Bindings): DeferredChildLogger {
  return new Deferred(parent, bindings) as unknown as DeferredChildLogger;
}
