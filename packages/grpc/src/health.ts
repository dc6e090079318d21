import * as grpc from "@grpc/grpc-js";
import { channelCredentials, type GrpcTlsChoice } from "./tls";

/** `grpc.health.v1.Health/Check`, the one method the checker calls. */
const CHECK_PATH = "/grpc.health.v1.Health/Check";

/** `HealthCheckResponse.ServingStatus.SERVING`. */
const SERVING = 1;

/**
 * `HealthCheckRequest { string service = 1; }` in protobuf's wire format: field 1, length-delimited, left
 * out when empty (proto3's default).
 */
export function encodeHealthCheckRequest(service: string): Buffer {
  const name = Buffer.from(service, "utf8");
  if (name.length === 0) return Buffer.alloc(0);
  const length: number[] = [];
  for (let rest = name.length; ; rest >>>= 7) {
    if (rest < 0x80) {
      length.push(rest);
      break;
    }
    length.push((rest & 0x7f) | 0x80);
  }
  return Buffer.concat([Buffer.from([0x0a, ...length]), name]);
}

/** Reads a varint at `offset`: its value and the offset after it. */
function readVarint(bytes: Buffer, offset: number): [number, number] {
  let value = 0;
  let shift = 0;
  let at = offset;
  for (;;) {
    if (at >= bytes.length) throw new Error("truncated varint");
    const byte = bytes[at++]!;
    // Values past 2^31 are only ever skipped, so losing their high bits is harmless.
    if (shift < 28) value |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return [value >>> 0, at];
    shift += 7;
    if (shift > 63) throw new Error("varint too long");
  }
}

/**
 * `HealthCheckResponse { ServingStatus status = 1; }` from protobuf's wire format: the status number (0,
 * UNKNOWN, when absent); fields it does not know are skipped, as protobuf readers do.
 */
export function decodeHealthCheckStatus(bytes: Buffer): number {
  let status = 0;
  let at = 0;
  while (at < bytes.length) {
    let key: number;
    [key, at] = readVarint(bytes, at);
    const field = key >>> 3;
    const wireType = key & 7;
    if (wireType === 0) {
      let value: number;
      [value, at] = readVarint(bytes, at);
      if (field === 1) status = value;
    } else if (wireType === 2) {
      let length: number;
      [length, at] = readVarint(bytes, at);
      at += length;
    } else if (wireType === 1) {
      at += 8;
    } else if (wireType === 5) {
      at += 4;
    } else {
      throw new Error(`unsupported wire type ${wireType}`);
    }
  }
  if (at > bytes.length) throw new Error("truncated message");
  return status;
}

/**
 * A reusable health checker for one address: `check()` resolves true only for SERVING. Over TLS with `tls`,
 * plaintext with `false` (default: the process's, `useGrpcTls`).
 *
 * The two messages of `Health/Check` are encoded by hand instead of parsing `health.proto` (and importing
 * `grpc-health-check`, which parses it again as it loads): that parsing cost the gateway's start about 3 %
 * of its CPU (docs/images.md) for one string out and one enum back. `health.test.ts` checks the encoding
 * against the proto through protobufjs, and `grpc.int.test.ts` against a real health service.
 */
export function healthChecker(address: string, tls?: GrpcTlsChoice) {
  const client = new grpc.Client(address, channelCredentials(tls));
  return {
    check(service = "", timeoutMs = 1_000): Promise<boolean> {
      return new Promise((resolve) => {
        client.makeUnaryRequest<string, number>(
          CHECK_PATH,
          encodeHealthCheckRequest,
          decodeHealthCheckStatus,
          service,
          new grpc.Metadata(),
          { deadline: Date.now() + timeoutMs },
          (error, status) => resolve(!error && status === SERVING),
        );
      });
    },
    close: () => client.close(),
  };
}
