import * as protoLoader from "@grpc/proto-loader";
import { protoPath } from "grpc-health-check";
import { describe, expect, it } from "vitest";
import { decodeHealthCheckStatus, encodeHealthCheckRequest } from "./health";

// The messages as protobufjs writes and reads them from the health service's own proto file.
const check = (
  protoLoader.loadSync(protoPath, { enums: String, defaults: true }) as unknown as Record<
    string,
    Record<string, protoLoader.MethodDefinition<{ service: string }, { status: string | number }>>
  >
)["grpc.health.v1.Health"]!.Check!;

describe("health check messages encoded by hand", () => {
  it.each(["", "marketplace.catalogue.v1.CatalogueService", "x".repeat(200), "é ü"])(
    "encodes the request as protobufjs does (%#)",
    (service) => {
      const ours = encodeHealthCheckRequest(service);
      expect(check.requestDeserialize(ours).service).toBe(service);
      // protobufjs writes a field set to "" (0a 00); leaving it out, as proto3 encoders do, reads the same.
      if (service) expect(ours.equals(check.requestSerialize({ service }))).toBe(true);
      else expect(ours.length).toBe(0);
    },
  );

  it.each([
    ["UNKNOWN", 0],
    ["SERVING", 1],
    ["NOT_SERVING", 2],
    ["SERVICE_UNKNOWN", 3],
  ])("decodes %s as protobufjs encodes it", (name, number) => {
    expect(decodeHealthCheckStatus(check.responseSerialize({ status: name }))).toBe(number);
  });

  it("skips fields it does not know, of every wire type", () => {
    const unknown = Buffer.concat([
      Buffer.from([0x10, 0x96, 0x01]), // field 2, varint 150
      Buffer.from([0x1a, 0x02, 0x61, 0x62]), // field 3, bytes "ab"
      Buffer.from([0x21, 1, 2, 3, 4, 5, 6, 7, 8]), // field 4, fixed64
      Buffer.from([0x2d, 1, 2, 3, 4]), // field 5, fixed32
      Buffer.from([0x08, 0x01]), // field 1, SERVING
    ]);
    expect(decodeHealthCheckStatus(unknown)).toBe(1);
  });

  it("refuses a truncated message", () => {
    expect(() => decodeHealthCheckStatus(Buffer.from([0x1a, 0x05, 0x61]))).toThrow();
    expect(() => decodeHealthCheckStatus(Buffer.from([0x08, 0x80]))).toThrow();
  });
});
