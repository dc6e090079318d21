import { connect } from "node:http2";

export interface HealthAnswer {
  serving: boolean;
  /** SERVING, NOT_SERVING, ..., or why there was no answer (refused, timed out, grpc-status 12). */
  detail: string;
}

const STATUS_NAMES = ["UNKNOWN", "SERVING", "NOT_SERVING", "SERVICE_UNKNOWN"];

/**
 * `grpc.health.v1.Health/Check` for the server as a whole (service ""), spoken directly over HTTP/2 so the
 * launcher can say which upstream kept the gateway from being ready without loading gRPC and protos. The
 * request is an empty message; the answer's field 1 (varint) is the status, absent meaning UNKNOWN.
 */
export function checkGrpcHealth(address: string, timeoutMs = 1_000): Promise<HealthAnswer> {
  return new Promise((resolve) => {
    const session = connect(`http://${address}`);
    const finish = (detail: string) => {
      clearTimeout(timer);
      session.destroy();
      resolve({ serving: detail === "SERVING", detail });
    };
    const timer = setTimeout(() => finish(`no answer within ${timeoutMs} ms`), timeoutMs);
    const fail = (error: NodeJS.ErrnoException) => {
      const cause = error.cause as NodeJS.ErrnoException | undefined;
      finish(`unreachable (${cause?.code ?? error.code ?? error.message})`);
    };
    session.on("error", fail);
    const request = session.request({
      ":method": "POST",
      ":path": "/grpc.health.v1.Health/Check",
      "content-type": "application/grpc",
      te: "trailers",
    });
    const chunks: Buffer[] = [];
    let grpcStatus: unknown;
    request.on("response", (headers) => {
      grpcStatus = headers["grpc-status"];
    });
    request.on("trailers", (trailers) => {
      grpcStatus = trailers["grpc-status"];
    });
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("error", fail);
    request.on("end", () => {
      if (grpcStatus !== "0") return finish(`grpc-status ${String(grpcStatus ?? "missing")}`);
      const message = Buffer.concat(chunks).subarray(5);
      const status = message[0] === 0x08 ? (message[1] ?? 0) : 0;
      finish(STATUS_NAMES[status] ?? `status ${status}`);
    });
    request.end(Buffer.alloc(5));
  });
}
