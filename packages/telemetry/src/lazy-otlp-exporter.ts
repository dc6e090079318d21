import { type ExportResult, ExportResultCode } from "@opentelemetry/core";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-base";

type OtlpHttpPackage = typeof import("@opentelemetry/exporter-trace-otlp-http");

const loadOtlpHttp = (): Promise<OtlpHttpPackage> => import("@opentelemetry/exporter-trace-otlp-http");

/**
 * The OTLP/HTTP span exporter, loaded on its first export instead of at start. Its package (with the OTLP
 * transformer and exporter base under it) is a sizeable part of what a process loads before it is ready,
 * and a process with an endpoint exports its first batch seconds later at the earliest (the batch
 * processor's delay); a process without one never loads it (`startTelemetry` then uses no exporter).
 */
export class LazyOtlpTraceExporter implements SpanExporter {
  private exporter: Promise<SpanExporter> | undefined;

  /** `loadPackage` imports the exporter's package (a test counts the loads through it). */
  constructor(
    private readonly url: string,
    private readonly loadPackage: () => Promise<OtlpHttpPackage> = loadOtlpHttp,
  ) {}

  /** The exporter, loading its package on first use; a failed load is retried on the next export. */
  private load(): Promise<SpanExporter> {
    this.exporter ??= this.loadPackage().then(
      ({ OTLPTraceExporter }) => new OTLPTraceExporter({ url: this.url }),
      (error: unknown) => {
        this.exporter = undefined;
        throw error;
      },
    );
    return this.exporter;
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.load().then(
      (exporter) => exporter.export(spans, resultCallback),
      (error: unknown) =>
        resultCallback({
          code: ExportResultCode.FAILED,
          error: error instanceof Error ? error : new Error(String(error)),
        }),
    );
  }

  /** Nothing to flush or stop when nothing was ever exported (the package was never loaded). */
  async forceFlush(): Promise<void> {
    if (this.exporter) await (await this.exporter).forceFlush?.();
  }

  async shutdown(): Promise<void> {
    if (this.exporter) await (await this.exporter).shutdown();
  }
}
