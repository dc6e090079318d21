import type { Logger } from "@mp/logger";
import { refreshCallTablesAfterFullCollections, trackGrpcTransports } from "./call-tables";
import { type HeapTrim, startHeapTrim } from "./heap-trim";
import { releaseClosedHttp2ServerStreams, releaseClosedHttp2Streams } from "./http2-release";
import { SINGLE_THREADED_GC } from "./start-flags";
import type { Tuning } from "./switch";
import { exposedGc, setV8Flags } from "./v8";

export interface RuntimeTuning {
  /** The tunings installed. */
  installed: Tuning[];
  /** Whether grpc-js's transports were found where `call-tables.ts` looks (their tables are refreshed). */
  grpcTransportsTracked: boolean;
  /** The heap trim, when installed. */
  heapTrim?: HeapTrim;
}

/**
 * The tunings, process-wide, but those in `skip`: the V8 flag, the closed-stream releases of HTTP/2
 * clients and servers, the call tables refreshed after full collections (observed from now on, before the
 * first session), and the heap trim after bursts. What each does and why: ADR 0005.
 */
export async function installRuntimeTuning(options: {
  logger: Logger;
  skip?: ReadonlySet<Tuning>;
}): Promise<RuntimeTuning> {
  const wanted = (tuning: Tuning) => !options.skip?.has(tuning);
  const installed: Tuning[] = [];
  if (wanted("pretenuring")) {
    setV8Flags();
    installed.push("pretenuring");
  }
  // Before the releases: they hand each HTTP/2 session to the call tables, which keep it only when installed.
  let grpcTransportsTracked = false;
  if (wanted("call-tables")) {
    refreshCallTablesAfterFullCollections();
    grpcTransportsTracked = await trackGrpcTransports();
    if (!grpcTransportsTracked)
      options.logger.warn(
        "runtime tuning: grpc-js's transports not found, their call tables are not refreshed",
      );
    installed.push("call-tables");
  }
  if (wanted("http2-release")) {
    releaseClosedHttp2Streams();
    releaseClosedHttp2ServerStreams();
    installed.push("http2-release");
  }
  let heapTrim: HeapTrim | undefined;
  if (wanted("heap-trim")) {
    heapTrim = startHeapTrim({ logger: options.logger, gc: exposedGc() });
    installed.push("heap-trim");
  }
  // Set by the command that started the process (start-flags.ts), never here: only reported.
  if (wanted("single-threaded-gc") && process.execArgv.includes(SINGLE_THREADED_GC))
    installed.push("single-threaded-gc");
  return { installed, grpcTransportsTracked, heapTrim };
}
