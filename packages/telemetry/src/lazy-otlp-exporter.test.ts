import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ExportResultCode } from "@opentelemetry/core";
import { BasicTracerProvider, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LazyOtlpTraceExporter } from "./lazy-otlp-exporter";

let collector: Server;
let url: string;
const bodies: string[] = [];

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      bodies.push(`${request.url} ${body}`);
      // A path other than the traces path is refused, as a collector refuses what it cannot take.
      const status = request.url === "/v1/traces" ? 200 : 400;
      response.writeHead(status, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`;
});
afterAll(() => new Promise((resolve) => collector.close(resolve)));

/** One ended span, as a span processor hands it to its exporter. */
function endedSpan(name: string): ReadableSpan {
  const captured: ReadableSpan[] = [];
  const provider = new BasicTracerProvider({
    spanProcessors: [
      new SimpleSpanProcessor({
        export: (spans, done) => {
          captured.push(...spans);
          done({ code: ExportResultCode.SUCCESS });
        },
        shutdown: async () => {},
      }),
    ],
  });
  provider.getTracer("lazy-exporter-test").startSpan(name).end();
  const span = captured[0];
  if (!span) throw new Error("no span was captured");
  return span;
}

describe("LazyOtlpTraceExporter", () => {
  it("loads the OTLP exporter only on its first export, then sends the spans to the collector", async () => {
    // Counted through the loader, not the module cache: other unit files share this process's modules
    // (vitest.config.ts) and may have loaded the package already.
    let loads = 0;
    const exporter = new LazyOtlpTraceExporter(url, () => {
      loads++;
      return import("@opentelemetry/exporter-trace-otlp-http");
    });
    await exporter.forceFlush();
    expect(loads).toBe(0);
    const exported = () =>
      new Promise<{ code: ExportResultCode }>((resolve) =>
        exporter.export([endedSpan("lazy-probe-span")], resolve),
      );
    expect((await exported()).code).toBe(ExportResultCode.SUCCESS);
    expect(loads).toBe(1);
    expect((await exported()).code).toBe(ExportResultCode.SUCCESS);
    expect(loads).toBe(1);
    expect(bodies.some((body) => body.startsWith("/v1/traces ") && body.includes("lazy-probe-span"))).toBe(
      true,
    );
    await exporter.shutdown();
  });

  it("reports a failed export when the collector refuses it", async () => {
    const exporter = new LazyOtlpTraceExporter(url.replace("/v1/traces", "/refused"));
    const result = await new Promise<{ code: ExportResultCode }>((resolve) =>
      exporter.export([endedSpan("unreachable")], resolve),
    );
    expect(result.code).toBe(ExportResultCode.FAILED);
    await exporter.shutdown();
  });
});
