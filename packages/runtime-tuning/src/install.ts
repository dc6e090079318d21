import type { Logger } from "@mp/logger";
import { refreshCallTablesAfterFullCollections, trackGrpcTransports } from "./call-tables";
import { type HeapTrim, startHeapTrim } from "./heap-trim";
import { releaseClosedHttp2ServerStreams, releaseClosedHttp2Streams } from "./http2-release";
import { exposedGc, setV8Flags } from "./v8";

export interface RuntimeTuning {
  /** Whether grpc-js's transports were found where `call-tables.ts` looks (their tables are refreshed). */
  grpcTransportsTracked: boolean;
  heapTrim: HeapTrim;
}

/**
 * Every tuning, process-wide: the V8 flags, the closed-stream releases of HTTP/2 clients and servers, the
 * call tables refreshed after full collections (observed from now on, before the first session), and the
 * heap trim after bursts. What each does and why: ADR 0005.
 */
export async function installRuntimeTuning(options: { logger: Logger }): Promise<RuntimeTuning> {
  setV8Flags();
  refreshCallTablesAfterFullCollections();
  releaseClosedHttp2Streams();
  releaseClosedHttp2ServerStreams();
  const grpcTransportsTracked = await trackGrpcTransports();
  if (!grpcTransportsTracked)
    options.logger.warn(
      "runtime tuning: grpc-js's transports not found, their call tables are not refreshed",
    );
  const heapTrim = startHeapTrim({ logger: options.logger, gc: exposedGc() });
  return { grpcTransportsTracked, heapTrim };
}
