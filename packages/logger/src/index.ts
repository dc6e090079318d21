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
