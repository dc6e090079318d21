import * as grpc from "@grpc/grpc-js";

/**
 * Trailer of a call a server refused before running any handler (it is stopping): nothing was executed,
 * so the client may repeat any method, writes included, on another replica.
 */
export const NOT_EXECUTED_TRAILER = "x-mesh-not-executed";

/** The refusal a server answers while it does not admit calls: UNAVAILABLE with the not-executed trailer. */
export function refusal(): grpc.ServiceError {
  const metadata = new grpc.Metadata();
  metadata.set(NOT_EXECUTED_TRAILER, "1");
  return Object.assign(new Error("UNAVAILABLE: this replica is not taking calls"), {
    code: grpc.status.UNAVAILABLE,
    details: "this replica is not taking calls",
    metadata,
  });
}

/** UNAVAILABLE answered by a server that ran no handler (`refusal`): safe to repeat for any method. */
export function isNotExecuted(error: unknown): boolean {
  const serviceError = error as Partial<grpc.ServiceError>;
  return (
    serviceError.code === grpc.status.UNAVAILABLE &&
    (serviceError.metadata?.get(NOT_EXECUTED_TRAILER).length ?? 0) > 0
  );
}

type AnyHandler = (call: never, callback?: never) => void;

/**
 * Wrap a service's handlers so that, while `admits()` is false, each call is answered with `refusal()`
 * at once instead of running (and, on a replica that is going, perhaps never being answered).
 */
export function gateHandlers(
  definition: grpc.ServiceDefinition,
  implementation: grpc.UntypedServiceImplementation,
  admits: () => boolean,
): grpc.UntypedServiceImplementation {
  const gated: grpc.UntypedServiceImplementation = {};
  for (const [method, handler] of Object.entries(implementation)) {
    const streaming = definition[method]?.responseStream === true;
    const run = handler as unknown as AnyHandler;
    gated[method] = (streaming
      ? (call: grpc.ServerWritableStream<unknown, unknown>) => {
          if (admits()) return run(call as never);
          call.emit("error", refusal());
        }
      : (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
          if (admits()) return run(call as never, callback as never);
          callback(refusal());
        }) as unknown as grpc.UntypedHandleCall;
  }
  return gated;
}
